import { STAFF_PERMISSIONS, type StaffAction } from "./permissions";

/**
 * What a staff member is told when the permission table keeps an action for admins: the spec's own words where
 * it has them ('Only admins can change feature flags', '... save feature flags', '... initiate key rotation'),
 * and the same pattern for the rest. A refused moderator stays in the back office and reads this (decision 070);
 * only people who are not staff get 'You don't have permission to access this area' and are sent home.
 */
const ONLY_ADMINS: Partial<Record<StaffAction, string>> = {
  view_audit_logs: "Only admins can read the audit log",
  suspend_user: "Only admins can suspend members",
  reactivate_user: "Only admins can reactivate members",
  export_user_data: "Only admins can export a member's data",
  delete_user: "Only admins can delete members",
  reset_user_password: "Only admins can send password resets",
  update_user_role: "Only admins can change staff roles",
  delete_listing: "Only admins can delete listings permanently",
  cancel_swap: "Only admins can cancel swaps",
  mark_dispute: "Only admins can mark disputes",
  resolve_dispute: "Only admins can resolve disputes",
  resolve_problem: "Only admins can resolve problems members report",
  view_swap_thread: "Only admins can read a swap's conversation",
  issue_refund: "Only admins can issue refunds",
  apply_credit: "Only admins can apply credit",
  replay_webhooks: "Only admins can replay payment webhooks",
  view_tools: "Only admins can run tools",
  seed_demo_data: "Only admins can run tools",
  reset_staging_baseline: "Only admins can run tools",
  export_logs_bundle: "Only admins can run tools",
  create_snapshot: "Only admins can run tools",
  update_feature_flags: "Only admins can change feature flags",
  rotate_keys: "Only admins can initiate key rotation",
};

const FALLBACK = "Only admins can do this";

/** The refusal a staff member without this action's role reads. */
export function onlyAdminsText(action: StaffAction): string {
  return ONLY_ADMINS[action] ?? FALLBACK;
}

/** The actions that only admins may take (what the permission test checks each has its own words). */
export function adminOnlyActions(): StaffAction[] {
  return (Object.keys(STAFF_PERMISSIONS) as StaffAction[]).filter((a) => !STAFF_PERMISSIONS[a].includes("moderator"));
}
