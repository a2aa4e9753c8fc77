import type { Role } from "#db/schema/profiles.ts";

const STAFF: readonly Role[] = ["admin", "moderator"];
const ADMIN: readonly Role[] = ["admin"];

/**
 * Who may do what in the back office: one table, read by the server's guards (every page and every action
 * checks it again), by the pages to offer only what the person may do, and by the permission test, which
 * walks every back-office route and fails on one missing from here.
 *
 * Names are the audit log's action names: the admin rate limit applies to the ones that contain one of the
 * spec's verbs (see isRateLimitedAction). Reading a page is `view_*` and is not rate limited.
 */
export const STAFF_PERMISSIONS = {
  view_dashboard: STAFF,
  global_search: STAFF,
  view_users: STAFF,
  view_user: STAFF,
  view_listings: STAFF,
  view_audit_logs: ADMIN,
  suspend_user: ADMIN,
  reactivate_user: ADMIN,
  export_user_data: ADMIN,
  delete_user: ADMIN,
  reset_user_password: ADMIN,
  update_user_role: ADMIN,
  approve_listing: STAFF,
  reject_listing: STAFF,
  takedown_listing: STAFF,
  delete_listing: ADMIN,
  // Swaps and payments (moderators read; admins act).
  view_swaps: STAFF,
  view_swap: STAFF,
  cancel_swap: ADMIN,
  mark_dispute: ADMIN,
  resolve_dispute: ADMIN,
  issue_refund: ADMIN,
  apply_credit: ADMIN,
  // A member's reported problem (decision 097): resolved like a dispute; reading the swap's thread is audited.
  resolve_problem: ADMIN,
  view_swap_thread: ADMIN,
  view_payments: STAFF,
  view_payment: STAFF,
  replay_webhooks: ADMIN,
  view_moderation_queue: STAFF,
  approve_report: STAFF,
  reject_report: STAFF,
  takedown_from_report: STAFF,
  // Message reports (decision 086): opening one is the only staff read of members' messages, and is audited.
  view_reported_message: STAFF,
  reject_message_report: STAFF,
  remove_reported_message: STAFF,
  // Appeals (decision 097): staff read and decide them; an appeal against a suspension is an admin's to decide
  // (checked in the use case), and never by the staff member who took the decision.
  view_appeals: STAFF,
  resolve_appeal: STAFF,
  // Scam signals (decision 098): settled from the Moderation Queue's signals, which release any hold.
  dismiss_signal: STAFF,
  mark_signal_actioned: STAFF,
  // Review reports (decision 094): a moderation action like a message report's.
  view_reported_review: STAFF,
  reject_review_report: STAFF,
  remove_reported_review: STAFF,
  // Tools (admins: "run tools").
  view_tools: ADMIN,
  seed_demo_data: ADMIN,
  reset_staging_baseline: ADMIN,
  export_logs_bundle: ADMIN,
  create_snapshot: ADMIN,
  // Reports (analytics): staff read them, and download what they read (docs/spec/DECISIONS.md; decision 070).
  view_reports: STAFF,
  export_report_csv: STAFF,
  // System Logs (moderators and admins; the export is what the page shows, decision 057).
  view_logs: STAFF,
  export_logs_csv: STAFF,
  // Settings: staff read the page (spec section 6: only flags and key rotation are admin-only; decision 070);
  // admins change flags and rotate keys. Secrets' last characters are shown to admins only.
  view_settings: STAFF,
  update_feature_flags: ADMIN,
  rotate_keys: ADMIN,
} as const satisfies Record<string, readonly Role[]>;

export type StaffAction = keyof typeof STAFF_PERMISSIONS;

export function isStaffAction(name: string): name is StaffAction {
  return Object.hasOwn(STAFF_PERMISSIONS, name);
}

/** True when any of the person's roles is allowed the action. */
export function can(roles: readonly string[], action: StaffAction): boolean {
  return STAFF_PERMISSIONS[action].some((role) => roles.includes(role));
}

/** The spec's verbs (admin-and-legal.md section 9): an action whose name contains one is rate limited. */
export const RATE_LIMITED_VERBS = [
  "create",
  "update",
  "delete",
  "suspend",
  "ban",
  "approve",
  "reject",
  "takedown",
  "cancel",
  "refund",
  "mark",
  "resolve",
  "apply",
  "seed",
  "reset",
  "rotate",
  "export",
  // Not in the spec's list: re-running payment webhooks is an admin action like the others (decision 052).
  "replay",
  // Not in the spec's list: removing a reported message (decision 086) is a moderation action like a takedown.
  "remove",
  // Not in the spec's list: dismissing a scam signal (decision 098) releases a hold like rejecting a report does.
  "dismiss",
] as const;

export function isRateLimitedAction(action: string): boolean {
  return RATE_LIMITED_VERBS.some((verb) => action.includes(verb));
}

/** The label the top bar shows: Admin if the roles include admin, otherwise Moderator. */
export function accessLevel(roles: readonly string[]): "Admin" | "Moderator" {
  return roles.includes("admin") ? "Admin" : "Moderator";
}
