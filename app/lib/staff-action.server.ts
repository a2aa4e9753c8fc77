import { data } from "react-router";
import { isAppError } from "../../core/shared/app-error";
import { checkAdminRateLimit } from "../../core/staff/check-admin-rate-limit";
import type { StaffActor } from "../../core/staff/pass-staff-gate";
import type { StaffAction } from "../../core/staff/permissions";
import type { AppContext } from "../context";
import { requireStaff } from "./require-staff.server";

export type StaffActionResult<T> =
  | { ok: true; message: string; warning: string | null; value: T }
  | { ok: false; error: string; warning?: null };

/**
 * One back-office action, its four parts together: the gate with this action's permission (again, whatever the
 * page checked), the admin rate limit counted before it runs, the use case (which writes its audit row in its
 * own transaction), and a refusal the page shows as the spec's failure text with the reason.
 */
export async function runStaffAction<T>(
  ctx: AppContext,
  request: Request,
  action: StaffAction,
  { success, failure }: { success: string | ((value: T) => string); failure: string },
  run: (actor: StaffActor) => Promise<T>,
) {
  const actor = await requireStaff(ctx, request, action);
  try {
    const { warning } = await checkAdminRateLimit(ctx, { actorId: actor.userId, action, ip: actor.ip, userAgent: actor.userAgent });
    const value = await run(actor);
    const message = typeof success === "function" ? success(value) : success;
    return { ok: true as const, message, warning, value } satisfies StaffActionResult<T>;
  } catch (error) {
    if (!isAppError(error)) throw error;
    const message = error.code === "RATE_LIMITED" ? error.message : `${failure}: ${error.message}`;
    return data({ ok: false as const, error: message } satisfies StaffActionResult<T>, { status: error.status });
  }
}
