import type { StaffActor } from "../../../core/staff/pass-staff-gate";
import type { StaffAction } from "../../../core/staff/permissions";
import type { AppContext } from "../../context";
import { runStaffAction } from "../../lib/staff-action.server";

/**
 * A detail page's action, one intent at a time: each runs through runStaffAction (the gate with the intent's own
 * permission, the admin rate limit, the use case and its audit row) and comes back to `backTo` with its toast.
 * Not a route (app/routes.ts names every route); the pages' actions call it.
 */
export function intentRunner(ctx: AppContext, request: Request, backTo: string) {
  return <T>(
    permission: StaffAction,
    texts: { success: string; failure: string },
    run: (actor: StaffActor) => Promise<T>,
  ) => runStaffAction(ctx, request, permission, { ...texts, backTo }, run);
}
