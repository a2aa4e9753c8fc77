import { data, useNavigation } from "react-router";
import { findMemberForStaff } from "#core/accounts/find-member-for-staff.ts";
import { reactivateMember } from "#core/accounts/reactivate-member.ts";
import { sendPasswordReset } from "#core/accounts/send-password-reset.ts";
import { setModeratorRole } from "#core/accounts/set-moderator-role.ts";
import { softDeleteMember } from "#core/accounts/soft-delete-member.ts";
import { suspendMember } from "#core/accounts/suspend-member.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";
import type { AdminHandle } from "#app/components/admin/admin-shell.tsx";
import { PageAlert } from "#app/components/admin/detail-parts.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { usePageDialog } from "#app/components/admin/use-page-dialog.ts";
import {
  ListingsCard,
  PaymentsCard,
  SecurityEventsCard,
  SwapsCard,
} from "#app/components/admin/user/activity-cards.tsx";
import { DeleteMemberDialog } from "#app/components/admin/user/delete-dialog.tsx";
import { SignalsCard } from "#app/components/admin/user/signals-card.tsx";
import { signalForPage } from "#app/lib/signal-for-page.ts";
import { findMemberSignals } from "#core/trust/find-signals.ts";
import { HOLD_SCORE } from "#core/trust/signal-rules.ts";
import { MemberHeader } from "#app/components/admin/user/member-header.tsx";
import { ProfileCard } from "#app/components/admin/user/profile-card.tsx";
import { ReliabilityCard } from "#app/components/admin/user/reliability-card.tsx";
import { findReliability } from "#core/members/member-reliability.ts";
import { describeReplyTime, findMedianReplyHours } from "#core/members/reply-time.ts";
import { ReactivateDialog } from "#app/components/admin/user/reactivate-dialog.tsx";
import { PasswordResetDialog } from "#app/components/admin/user/reset-dialog.tsx";
import { ModeratorRoleDialog } from "#app/components/admin/user/role-dialog.tsx";
import { SuspendDialog } from "#app/components/admin/user/suspend-dialog.tsx";
import { appContext } from "#app/context.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { intentRunner, runStaffAction } from "#app/lib/staff-action.server.ts";
import { formatCents, sydneyDateTime } from "#app/lib/sydney-format.ts";
import type { Route } from "./+types/users.$id";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_user";

/** Each form intent of this page and the permission its action checks (the permission test walks these). */
export const actionPermissions = {
  suspend: "suspend_user",
  reactivate: "reactivate_user",
  delete: "delete_user",
  "reset-password": "reset_user_password",
  "grant-moderator": "update_user_role",
  "revoke-moderator": "update_user_role",
  export: "export_user_data",
} as const satisfies Record<string, StaffAction>;

export const handle: AdminHandle = {
  breadcrumb: (data?: { member: { name: string } }) => data?.member.name ?? "Member",
  parent: { label: "Users", to: "/admin/users" },
};
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.member.name ?? "Member"} | SwapShed back office` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const member = await findMemberForStaff(ctx.db, { userId: params.id });
  if (!member) throw data("Member not found", { status: 404 });
  const signals = await findMemberSignals(ctx.db, { userId: member.id });
  const self = member.id === staff.userId;
  // The same figures as the member's public page (core/members, decision 094).
  const [reliability, replyHours] = await Promise.all([
    findReliability(ctx.db, member.id),
    findMedianReplyHours(ctx.db, member.id),
  ]);
  return {
    member: {
      ...member,
      createdAt: sydneyDateTime(member.createdAt),
      suspendedAt: member.suspendedAt ? sydneyDateTime(member.suspendedAt) : null,
      listings: member.listings.map((l) => ({ ...l, createdAt: sydneyDateTime(l.createdAt) })),
      swaps: member.swaps.map((s) => ({ ...s, createdAt: sydneyDateTime(s.createdAt) })),
      payments: member.payments.map((p) => ({
        ...p,
        amount: formatCents(p.amountCents),
        createdAt: sydneyDateTime(p.createdAt),
      })),
      events: member.events.map((e) => ({ ...e, createdAt: sydneyDateTime(e.createdAt) })),
    },
    signals: signals.map(signalForPage),
    holdScore: HOLD_SCORE,
    reliability: { ...reliability, replyTime: describeReplyTime(replyHours) },
    // What this staff member may do here: the same table the actions check.
    may: {
      dismissSignal: can(staff.roles, "dismiss_signal"),
      actionSignal: can(staff.roles, "mark_signal_actioned"),
      suspend: !self && can(staff.roles, actionPermissions.suspend),
      reactivate: !self && can(staff.roles, actionPermissions.reactivate),
      delete: !self && can(staff.roles, actionPermissions.delete),
      export: can(staff.roles, actionPermissions.export),
      role: !self && can(staff.roles, actionPermissions["grant-moderator"]),
      reset: can(staff.roles, actionPermissions["reset-password"]),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const userId = params.id;
  const now = ctx.clock.now();
  const here = `/admin/users/${encodeURIComponent(userId)}`;
  const act = intentRunner(ctx, request, here);
  switch (form.get("intent")) {
    case "suspend":
      return act(actionPermissions.suspend, { success: "User suspended", failure: "Failed to suspend user" }, (actor) =>
        suspendMember(ctx.db, { actor, userId, reason: form.get("reason"), now }),
      );
    case "reactivate":
      return act(
        actionPermissions.reactivate,
        { success: "User reactivated", failure: "Failed to reactivate user" },
        (actor) => reactivateMember(ctx.db, { actor, userId, now }),
      );
    case "delete":
      return runStaffAction(
        ctx,
        request,
        actionPermissions.delete,
        {
          success: "User marked for deletion (30-day retention)",
          failure: "Failed to delete user",
          backTo: "/admin/users",
        },
        (actor) => softDeleteMember(ctx.db, { actor, userId, reason: form.get("reason"), now }),
      );
    case "reset-password":
      return act(
        actionPermissions["reset-password"],
        { success: "Password reset e-mail sent", failure: "Failed to send password reset" },
        (actor) => sendPasswordReset(ctx, { actor, userId }),
      );
    case "grant-moderator":
    case "revoke-moderator": {
      const moderator = form.get("intent") === "grant-moderator";
      return act(
        actionPermissions["grant-moderator"],
        { success: moderator ? "Moderator role granted" : "Moderator role removed", failure: "Failed to update role" },
        (actor) => setModeratorRole(ctx.db, { actor, userId, moderator }),
      );
    }
    default:
      return data({ ok: false as const, error: "Unknown action" }, { status: 400 });
  }
}

export default function MemberPage({ loaderData, actionData }: Route.ComponentProps) {
  const { member, may } = loaderData;
  const { open, pathname: here, error, dialog } = usePageDialog(actionData);
  const moderator = member.roles.includes("moderator");
  const navigation = useNavigation();

  return (
    <div>
      <MemberHeader member={member} may={may} here={here} />

      {error && !open && <PageAlert>{error}</PageAlert>}

      <div className="grid gap-4 lg:grid-cols-3">
        <ProfileCard member={member} />
        <ListingsCard listings={member.listings} />
        <SwapsCard swaps={member.swaps} />
        <PaymentsCard payments={member.payments} />
        <SecurityEventsCard events={member.events} />
        <SignalsCard
          signals={loaderData.signals}
          holdScore={loaderData.holdScore}
          may={{ dismiss: may.dismissSignal, action: may.actionSignal }}
          here={here}
          busy={navigation.state === "submitting"}
        />
        <ReliabilityCard memberId={member.id} reliability={loaderData.reliability} />
      </div>

      {open === "suspend" && may.suspend && <SuspendDialog name={member.name} {...dialog} />}
      {open === "reactivate" && may.reactivate && <ReactivateDialog name={member.name} {...dialog} />}
      {open === "moderator" && may.role && <ModeratorRoleDialog name={member.name} moderator={moderator} {...dialog} />}
      {open === "reset" && may.reset && <PasswordResetDialog name={member.name} email={member.email} {...dialog} />}
      {open === "delete" && may.delete && <DeleteMemberDialog {...dialog} />}
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch users", notFound: "Member not found" });
