import { data, Link } from "react-router";
import type { AdminHandle } from "../../components/admin/admin-shell";
import type { Route } from "./+types/user";
import { appContext } from "../../context";
import { RoleBadge, StatusBadge } from "../../components/admin/badges";
import { ActionLink, DetailRow } from "../../components/admin/detail-parts";
import { adminErrorBoundary } from "../../components/admin/load-error";
import { usePageDialog } from "../../components/admin/use-page-dialog";
import { ExportButton } from "../../components/admin/export-button";
import { DeleteMemberDialog } from "../../components/admin/user/delete-dialog";
import { ReactivateDialog } from "../../components/admin/user/reactivate-dialog";
import { PasswordResetDialog } from "../../components/admin/user/reset-dialog";
import { ModeratorRoleDialog } from "../../components/admin/user/role-dialog";
import { SuspendDialog } from "../../components/admin/user/suspend-dialog";
import { requireStaff } from "../../lib/require-staff.server";
import { runStaffAction } from "../../lib/staff-action.server";
import { formatCents, sydneyDateTime } from "../../lib/sydney-format";
import { findMemberForStaff } from "../../../core/accounts/find-member-for-staff";
import { reactivateMember } from "../../../core/accounts/reactivate-member";
import { sendPasswordReset } from "../../../core/accounts/send-password-reset";
import { setModeratorRole } from "../../../core/accounts/set-moderator-role";
import { softDeleteMember } from "../../../core/accounts/soft-delete-member";
import { suspendMember } from "../../../core/accounts/suspend-member";
import { can, type StaffAction } from "../../../core/staff/permissions";

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
  const self = member.id === staff.userId;
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
    // What this staff member may do here: the same table the actions check.
    may: {
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
  switch (form.get("intent")) {
    case "suspend":
      return runStaffAction(
        ctx,
        request,
        actionPermissions.suspend,
        { success: "User suspended", failure: "Failed to suspend user", backTo: here },
        (actor) => suspendMember(ctx.db, { actor, userId, reason: form.get("reason"), now }),
      );
    case "reactivate":
      return runStaffAction(
        ctx,
        request,
        actionPermissions.reactivate,
        { success: "User reactivated", failure: "Failed to reactivate user", backTo: here },
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
      return runStaffAction(
        ctx,
        request,
        actionPermissions["reset-password"],
        { success: "Password reset e-mail sent", failure: "Failed to send password reset", backTo: here },
        (actor) => sendPasswordReset(ctx, { actor, userId }),
      );
    case "grant-moderator":
    case "revoke-moderator": {
      const moderator = form.get("intent") === "grant-moderator";
      return runStaffAction(
        ctx,
        request,
        actionPermissions["grant-moderator"],
        {
          success: moderator ? "Moderator role granted" : "Moderator role removed",
          failure: "Failed to update role",
          backTo: here,
        },
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
  const suspended = member.status === "suspended";
  const moderator = member.roles.includes("moderator");

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm">
            <Link to="/admin/users" className="text-muted hover:underline">
              ← Users
            </Link>
          </p>
          <h1 className="mt-1 truncate text-2xl font-bold tracking-tight">{member.name}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
            {member.email} <StatusBadge status={member.status} />{" "}
            {member.roles.length ? member.roles.map((r) => <RoleBadge key={r} name={r} />) : <RoleBadge name={null} />}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {may.suspend && !suspended && <ActionLink to="?do=suspend">Suspend</ActionLink>}
          {may.reactivate && suspended && <ActionLink to="?do=reactivate">Reactivate</ActionLink>}
          {may.role && (
            <ActionLink to="?do=moderator">{moderator ? "Remove moderator role" : "Make moderator"}</ActionLink>
          )}
          {may.reset && <ActionLink to="?do=reset">Send password reset</ActionLink>}
          {may.export && <ExportButton action={`${here}/export`} />}
          {may.delete && (
            <ActionLink to="?do=delete" danger>
              Delete
            </ActionLink>
          )}
        </div>
      </div>

      {error && !open && (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="profile" className="rounded-lg border border-line bg-white p-4">
          <h2 id="profile" className="text-sm font-semibold">
            Profile
          </h2>
          <dl className="mt-2 space-y-1.5 text-sm">
            <DetailRow label="Joined">{member.createdAt}</DetailRow>
            <DetailRow label="E-mail verified">{member.emailVerified ? "Yes" : "No"}</DetailRow>
            <DetailRow label="Two-factor">{member.twoFactorEnabled ? "On" : "Off"}</DetailRow>
            <DetailRow label="Phone">{member.phone ?? "—"}</DetailRow>
            <DetailRow label="Location">{member.location ?? "—"}</DetailRow>
            {suspended && (
              <DetailRow label="Suspended">{`${member.suspendedAt ?? "—"}: ${member.suspensionReason ?? ""}`}</DetailRow>
            )}
            {member.flags.length > 0 && <DetailRow label="Flags">{member.flags.join(", ")}</DetailRow>}
          </dl>
        </section>
        <section aria-labelledby="listings" className="rounded-lg border border-line bg-white p-4 lg:col-span-2">
          <h2 id="listings" className="text-sm font-semibold">
            Listings ({member.listings.length})
          </h2>
          {member.listings.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No listings.</p>
          ) : (
            <ul className="mt-2 divide-y divide-line text-sm">
              {member.listings.map((l) => (
                <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                  <Link to={`/listings/${l.id}`} className="min-w-0 truncate text-brand-800 hover:underline">
                    {l.title}
                  </Link>
                  <span className="flex items-center gap-2 text-xs text-muted">
                    <StatusBadge status={l.status} /> <StatusBadge status={l.moderationStatus} /> {l.createdAt}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="swaps" className="rounded-lg border border-line bg-white p-4">
          <h2 id="swaps" className="text-sm font-semibold">
            Recent swaps
          </h2>
          {member.swaps.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No swaps.</p>
          ) : (
            <ul className="mt-2 space-y-1.5 text-sm">
              {member.swaps.map((s) => (
                <li key={s.id}>
                  {/* The whole row opens the swap: staff investigate from here (decision 070). */}
                  <Link
                    to={`/admin/swaps/${s.id}`}
                    className="-mx-2 flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5 rounded px-2 py-1 hover:bg-surface"
                  >
                    <span className="min-w-0 flex-1 font-medium text-brand-800 hover:underline">{swapName(s)}</span>
                    <span className="flex items-center gap-2 text-xs text-muted">
                      {s.role} <StatusBadge status={s.status} /> {s.createdAt}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="payments" className="rounded-lg border border-line bg-white p-4">
          <h2 id="payments" className="text-sm font-semibold">
            Recent payments
          </h2>
          {member.payments.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No payments.</p>
          ) : (
            <ul className="mt-2 space-y-1.5 text-sm">
              {member.payments.map((p) => (
                <li key={p.id}>
                  <Link
                    to={`/admin/payments/${p.id}`}
                    className="-mx-2 flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5 rounded px-2 py-1 hover:bg-surface"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="font-semibold tabular-nums text-brand-800">{p.amount}</span>{" "}
                      <span className="text-muted">for {p.swapId ? swapName(p) : "no swap"}</span>
                    </span>
                    <span className="flex items-center gap-2 text-xs text-muted">
                      <StatusBadge status={p.status} /> {p.createdAt}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="events" className="rounded-lg border border-line bg-white p-4">
          <h2 id="events" className="text-sm font-semibold">
            Recent security events
          </h2>
          {member.events.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No events.</p>
          ) : (
            <ul className="mt-2 space-y-1.5 text-sm">
              {member.events.map((e) => (
                <li key={e.id}>
                  <span className="font-medium">{e.eventType}</span>{" "}
                  <span className={e.success ? "text-brand-700" : "text-danger"}>{e.success ? "ok" : "failed"}</span>
                  <span className="block text-xs text-muted">
                    {e.createdAt}
                    {e.ipAddress ? ` · ${e.ipAddress}` : ""}
                    {e.errorMessage ? ` · ${e.errorMessage}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
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

/** A swap by its two listings, as the Swaps list names it; a purged listing says so. */
function swapName(s: { offeredTitle: string | null; targetTitle: string | null }) {
  return `${s.offeredTitle ?? "Deleted listing"} ⇄ ${s.targetTitle ?? "Deleted listing"}`;
}
