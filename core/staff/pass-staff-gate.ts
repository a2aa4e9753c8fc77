import type net from "node:net";
import type { Db } from "#db/client.ts";
import type { Role } from "#db/schema/profiles.ts";
import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { recordSecurityEvent } from "../security/record-security-event";
import type { RequestMeta } from "../auth/auth-attempt";
import type { SessionUser } from "../auth/find-session-user";
import { findStaffAccess } from "../auth/find-staff-access";
import { isAddressAllowed } from "./ip-allowlist";
import { can, type StaffAction } from "./permissions";

export const NO_PERMISSION = "You don't have permission to access this area";
export const ACCESS_DENIED = "Access denied";
export const TWO_FACTOR_REQUIRED_FOR_ADMIN = "Two-factor is required for admin access";

/** A staff member who passed the gate for one action: what the action and its audit row need. */
export type StaffActor = {
  userId: string;
  name: string;
  email: string;
  roles: Role[];
  ip: string;
  userAgent: string | null;
};

export type StaffGateResult =
  | { kind: "allowed"; actor: StaffActor }
  | { kind: "sign_in" }
  | { kind: "two_factor_required"; actor: StaffActor }
  | { kind: "denied"; message: string }
  /** A staff member whose role the permission table does not allow this action: refused, but still staff. */
  | { kind: "staff_refused"; message: string; actor: StaffActor };

/**
 * The back office's gate, run on the server for every page and every action (never only in a layout):
 * the address allowlist when `enable_ip_allowlist` is on, a staff role, a verified TOTP factor, and the
 * permission table's entry for this action. Every refusal of a signed-in person is an `admin_access_denied`
 * security event; a visitor is simply asked to sign in. Staff refused an action are told apart from outsiders:
 * they stay in the back office (decision 070).
 */
export async function passStaffGate(
  deps: { db: Db; allowlist: net.BlockList },
  {
    user,
    action,
    meta,
    path,
    allowWithoutTwoFactor = false,
  }: {
    user: SessionUser | null;
    action: StaffAction;
    meta: RequestMeta;
    path: string;
    allowWithoutTwoFactor?: boolean;
  },
): Promise<StaffGateResult> {
  const deny = async (message: string, reason: string): Promise<StaffGateResult> => {
    await recordSecurityEvent(deps.db, {
      eventType: "admin_access_denied",
      attemptedAction: action,
      success: false,
      userId: user?.id ?? null,
      errorMessage: message,
      metadata: { path, reason },
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
    return { kind: "denied", message };
  };

  if ((await isFeatureEnabled(deps.db, "enable_ip_allowlist")) && !isAddressAllowed(deps.allowlist, meta.ip)) {
    return deny(ACCESS_DENIED, "address_not_allowed");
  }
  if (!user) return { kind: "sign_in" };
  const access = await findStaffAccess(deps.db, user.id);
  if (access.roles.length === 0) return deny(NO_PERMISSION, "not_staff");
  const actor: StaffActor = {
    userId: user.id,
    name: user.name,
    email: user.email,
    roles: access.roles,
    ip: meta.ip,
    userAgent: meta.userAgent,
  };
  if (!can(access.roles, action)) {
    await deny(NO_PERMISSION, "role_not_allowed");
    return { kind: "staff_refused", message: NO_PERMISSION, actor };
  }
  if (!access.twoFactorEnabled && !allowWithoutTwoFactor) return { kind: "two_factor_required", actor };
  return { kind: "allowed", actor };
}
