import { redirect } from "react-router";
import { NO_PERMISSION, passStaffGate, type StaffActor } from "../../core/staff/pass-staff-gate";
import type { StaffAction } from "../../core/staff/permissions";
import type { AppContext } from "../context";
import { flashHeader } from "./flash.server";

export const TWO_FACTOR_ENROLMENT_PATH = "/admin/two-factor";

/**
 * The back office's guard for one page or action: throws the redirect that answers anyone who may not (a
 * visitor to sign in, staff without TOTP to enrol, everyone else home with the refusal as a flash message)
 * and returns the staff member who may. Every loader and every action under /admin calls it with its own
 * permission: the layout's check is never trusted alone.
 */
export async function requireStaff(
  ctx: AppContext,
  request: Request,
  action: StaffAction,
  options: { allowWithoutTwoFactor?: boolean; refusal?: string } = {},
): Promise<StaffActor> {
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  const result = await passStaffGate(
    { db: ctx.db, allowlist: ctx.staffAllowlist },
    { user: await ctx.getUser(), action, meta: ctx.meta, path, allowWithoutTwoFactor: options.allowWithoutTwoFactor },
  );
  switch (result.kind) {
    case "allowed":
      return result.actor;
    case "sign_in":
      throw redirect(`/auth?redirectTo=${encodeURIComponent(path)}`);
    case "two_factor_required":
      throw redirect(TWO_FACTOR_ENROLMENT_PATH);
    case "denied":
      throw redirect("/", {
        headers: {
          "Set-Cookie": await flashHeader(
            // An action with its own refusal in the spec ('Only admins can ...') says it instead of the generic one.
            { type: "error", message: result.message === NO_PERMISSION && options.refusal ? options.refusal : result.message },
            ctx.env.NODE_ENV === "production",
          ),
        },
      });
  }
}
