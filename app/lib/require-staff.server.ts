import { data, redirect } from "react-router";
import { onlyAdminsText } from "#core/staff/admin-only-texts.ts";
import { passStaffGate, type StaffActor, type StaffGateResult } from "#core/staff/pass-staff-gate.ts";
import type { StaffAction } from "#core/staff/permissions.ts";
import { recordRequestError } from "#core/logs/record-request-error.ts";
import type { AppContext } from "../context";
import { redirectWithFlash } from "./redirect-with-flash.server";
import { safeRedirect } from "./safe-redirect";

export const TWO_FACTOR_ENROLMENT_PATH = "/admin/two-factor";
/** Spec section 8: said to a visitor who opens a back-office page signed out (then the sign-in page). */
export const AUTHENTICATION_REQUIRED = "Authentication required";
/** Spec section 8: the gate itself could not answer (the database failed while checking): home, with this. */
export const ACCESS_VERIFICATION_FAILED = "Access verification failed";

/** What a staff member refused a page reads, inside the back office (the admin routes' error boundary shows it). */
export type StaffRefusal = { refused: string };

/**
 * The back office's guard for one page or action: throws the answer for anyone who may not, and returns the staff
 * member who may. A visitor goes to sign in ('Authentication required'), keeping the whole address, query string
 * included, for after sign-in; staff without TOTP go to enrol; a staff member whose role the permission table does
 * not allow stays in the back office and reads 'Only admins can ...' (a page answers 403 with it, an action goes
 * back to the page with it); anyone else is sent home with the refusal. Every loader and every action under
 * /admin calls it with its own permission: the layout's check is never trusted alone.
 */
export async function requireStaff(
  ctx: AppContext,
  request: Request,
  action: StaffAction,
  options: { allowWithoutTwoFactor?: boolean; refusal?: string } = {},
): Promise<StaffActor> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  let result: StaffGateResult;
  try {
    result = await passStaffGate(
      { db: ctx.db, allowlist: ctx.staffAllowlist },
      { user: await ctx.getUser(), action, meta: ctx.meta, path, allowWithoutTwoFactor: options.allowWithoutTwoFactor },
    );
  } catch (error) {
    // The gate could not decide: refuse (never let through unchecked), record the failure, and say so.
    await recordRequestError(ctx, { requestId: ctx.requestId, request, error }).catch(() => {});
    throw await home(ctx, ACCESS_VERIFICATION_FAILED);
  }
  switch (result.kind) {
    case "allowed":
      return result.actor;
    case "sign_in":
      throw await redirectWithFlash(ctx, `/auth?${new URLSearchParams({ redirectTo: returnAddress(url, path) })}`, {
        type: "error",
        message: AUTHENTICATION_REQUIRED,
      });
    case "two_factor_required":
      throw redirect(`${TWO_FACTOR_ENROLMENT_PATH}?${new URLSearchParams({ redirectTo: returnAddress(url, path) })}`);
    case "staff_refused": {
      const message = options.refusal ?? onlyAdminsText(action);
      if (request.method === "GET" || request.method === "HEAD")
        throw data({ refused: message } satisfies StaffRefusal, { status: 403 });
      throw await redirectWithFlash(ctx, backOfficePage(request, path), { type: "error", message });
    }
    case "denied":
      throw await home(ctx, result.message);
  }
}

function home(ctx: AppContext, message: string) {
  return redirectWithFlash(ctx, "/", { type: "error", message });
}

/** The address to come back to after sign-in: the path and its query string, without React Router's own `_routes`. */
function returnAddress(url: URL, path: string) {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const query = params.toString();
  return safeRedirect(`${path}${query ? `?${query}` : ""}`, path);
}

/**
 * Where a refused staff member's form goes back to: the back-office page it was sent from (the Referer, when it is
 * one of ours under /admin), or else the page the action belongs to; never outside the back office.
 */
function backOfficePage(request: Request, path: string) {
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.origin === new URL(request.url).origin && /^\/admin(\/|$)/.test(from.pathname)) {
        return safeRedirect(`${from.pathname}${from.search}`, "/admin");
      }
    } catch {
      // not a URL: fall through
    }
  }
  return /^\/admin(\/|$)/.test(path) ? path : "/admin";
}
