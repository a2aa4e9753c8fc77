import { data } from "react-router";
import { isAppError } from "#core/shared/app-error.ts";
import { checkAdminRateLimit } from "#core/staff/check-admin-rate-limit.ts";
import type { StaffActor } from "#core/staff/pass-staff-gate.ts";
import type { StaffAction } from "#core/staff/permissions.ts";
import type { AppContext } from "../context";
import { redirectWithFlash } from "./redirect-with-flash.server";
import { requireStaff } from "./require-staff.server";

export type StaffActionFailure = { ok: false; error: string };

/**
 * The guard of one back-office action: the gate with this action's own permission (whatever the page checked),
 * then the admin rate limit, counted before the action runs. Throws the gate's redirect, or a 429 answer.
 */
export async function authorizeStaffAction(ctx: AppContext, request: Request, action: StaffAction, refusal?: string) {
  const actor = await requireStaff(ctx, request, action, { refusal });
  try {
    const { warning } = await checkAdminRateLimit(ctx, {
      actorId: actor.userId,
      action,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { actor, warning };
  } catch (error) {
    if (isAppError(error))
      throw data({ ok: false, error: error.message } satisfies StaffActionFailure, { status: error.status });
    throw error;
  }
}

/**
 * One back-office action, its parts together: the guard above, the use case (which writes its audit row in its
 * own transaction), then back to the page (PRG) with the spec's toast and '{n} requests remaining' under it, or
 * the spec's failure text with the reason, on the page, with nothing changed.
 */
export async function runStaffAction<T>(
  ctx: AppContext,
  request: Request,
  action: StaffAction,
  texts: {
    success: string | ((value: T) => string);
    failure: string;
    backTo: string | ((value: T) => string);
    refusal?: string;
  },
  run: (actor: StaffActor) => Promise<T>,
) {
  let guarded: Awaited<ReturnType<typeof authorizeStaffAction>>;
  try {
    guarded = await authorizeStaffAction(ctx, request, action, texts.refusal);
  } catch (refusal) {
    if (refusal instanceof Response) throw refusal;
    return refusal as ReturnType<typeof data<StaffActionFailure>>;
  }
  let value: T;
  try {
    value = await run(guarded.actor);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ ok: false, error: `${texts.failure}: ${error.message}` } satisfies StaffActionFailure, {
      status: error.status,
    });
  }
  const message = typeof texts.success === "function" ? texts.success(value) : texts.success;
  return redirectWithFlash(ctx, typeof texts.backTo === "function" ? texts.backTo(value) : texts.backTo, {
    type: "success",
    message,
    description: guarded.warning ?? undefined,
  });
}

/** The header a download carries the spec's '{n} requests remaining' in (a file has no page to show it on). */
export const RATE_LIMIT_WARNING_HEADER = "X-Rate-Limit-Warning";

export function rateLimitWarningHeaders(warning: string | null | undefined): Record<string, string> {
  return warning ? { [RATE_LIMIT_WARNING_HEADER]: warning } : {};
}

/**
 * The guard of a back-office download (a POST answered with a file): as authorizeStaffAction, but a refusal by
 * the rate limit is a JSON answer the download button can show (`prefix` puts the spec's failure text before
 * the reason), since there is no page to return to. The gate's redirects are thrown as they are. `headers` go on
 * the file's response: they carry the '{n} requests remaining' warning the download button shows.
 */
export async function authorizeDownload(
  ctx: AppContext,
  request: Request,
  action: StaffAction,
  prefix?: string,
): Promise<{ actor: StaffActor; headers: Record<string, string> } | { refused: Response }> {
  try {
    const { actor, warning } = await authorizeStaffAction(ctx, request, action);
    return { actor, headers: rateLimitWarningHeaders(warning) };
  } catch (refusal) {
    if (refusal instanceof Response) throw refusal;
    const { data: body, init } = refusal as { data: { error: string }; init?: { status?: number } };
    return {
      refused: Response.json(
        { error: prefix ? `${prefix}: ${body.error}` : body.error },
        { status: init?.status ?? 429, headers: { "Cache-Control": "no-store" } },
      ),
    };
  }
}

/**
 * A detail page's action, one intent at a time: each runs through runStaffAction (the gate with the intent's own
 * permission, the admin rate limit, the use case and its audit row) and comes back to `backTo` with its toast.
 */
export function intentRunner(ctx: AppContext, request: Request, backTo: string) {
  return <T>(
    permission: StaffAction,
    texts: { success: string; failure: string },
    run: (actor: StaffActor) => Promise<T>,
  ) => runStaffAction(ctx, request, permission, { ...texts, backTo }, run);
}
