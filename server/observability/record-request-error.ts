import { recordErrorEvent } from "../../core/logs/record-error-event";
import { logger } from "../../core/shared/logger";
import type { Db } from "../../db/client";
import type { Env } from "../env";

/** The app's own secrets: never written to the logs, whatever an error message quotes. */
export function secretsOf(env: Env): string[] {
  return [
    env.BETTER_AUTH_SECRET,
    env.DATABASE_URL,
    env.SMTP_URL,
    env.STRIPE_SECRET_KEY,
    env.STRIPE_WEBHOOK_SECRET,
    env.S3_SECRET_ACCESS_KEY,
    env.METRICS_TOKEN,
    env.LOCAL_PAYMENTS_SECRET,
  ].filter((s): s is string => Boolean(s));
}

/**
 * An unexpected error while answering a request: the whole stack to stderr (the operator's log), and one
 * `error.server` event for the System Logs' Errors tab under the request id the member is shown. The path
 * without its query string (which may carry a token) and the method; never the body.
 */
export async function recordRequestError(
  deps: { db: Db; env: Env },
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
