import type { Db } from "#db/client.ts";
import { logger } from "../shared/logger";
import { recordErrorEvent } from "./record-error-event";

/** The configuration values that are secrets (the server's Env has them all). */
const SECRET_SETTINGS = [
  "BETTER_AUTH_SECRET",
  "DATABASE_URL",
  "SMTP_URL",
  "SMS_HTTP_TOKEN",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "S3_SECRET_ACCESS_KEY",
  "METRICS_TOKEN",
  "LOCAL_PAYMENTS_SECRET",
  "DEMO_STAFF_PASSWORD",
] as const;
export type SecretSettings = Partial<Record<(typeof SECRET_SETTINGS)[number], string | undefined>>;

/** The app's own secrets: never written to the logs, whatever an error message quotes. */
export function secretsOf(env: SecretSettings): string[] {
  return SECRET_SETTINGS.map((name) => env[name]).filter((value): value is string => Boolean(value));
}

/**
 * An unexpected error while answering a request: the whole stack to stderr (the operator's log), and one
 * `error.server` event for the System Logs' Errors tab under the request id the member is shown. The path
 * without its query string (which may carry a token) and the method; never the body.
 */
export async function recordRequestError(
  deps: { db: Db; env: SecretSettings },
  {
    requestId,
    request,
    error,
    userId,
  }: { requestId: string; request: Request; error: unknown; userId?: string | null },
) {
  const url = new URL(request.url);
  logger.error("request error", {
    requestId,
    method: request.method,
    path: url.pathname,
    error: String((error as Error)?.stack ?? error),
  });
  await recordErrorEvent(deps.db, {
    action: "error.server",
    message: `Unexpected error on ${request.method} ${url.pathname}`,
    error,
    targetId: requestId,
    userId: userId ?? null,
    details: { method: request.method, path: url.pathname },
    secrets: secretsOf(deps.env),
  });
}
