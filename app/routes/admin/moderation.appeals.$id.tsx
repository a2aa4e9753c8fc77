import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/moderation.appeals.$id";
import { appContext } from "#app/context.ts";
import type { AdminHandle } from "#app/components/admin/admin-shell.tsx";
import { AppealDecisionForm } from "#app/components/admin/appeals/appeal-decision-form.tsx";
import { StatusBadge } from "#app/components/admin/badges.tsx";
import { DetailCard, DetailRow, PageAlert } from "#app/components/admin/detail-parts.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { useFailureToast } from "#app/components/admin/use-failure-toast.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { intentRunner } from "#app/lib/staff-action.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { decideAppeal } from "#core/appeals/decide-appeal.ts";
import { ACTED_ON_IT, APPEAL_SUBJECT_LABELS, ONLY_ADMINS_SUSPENSIONS } from "#core/appeals/appeal-rules.ts";
import { findAppealForStaff } from "#core/appeals/find-appeals.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";

/** One appeal (decision 097): what was decided and by whom, the member's statement, and the second look. */
export const permission: StaffAction = "view_appeals";

/** Each form intent of this page and the permission its action checks (the permission test walks these). */
export const actionPermissions = { decide: "resolve_appeal" } as const satisfies Record<string, StaffAction>;

export const handle: AdminHandle = {
  breadcrumb: "Appeal",
  parent: { label: "Appeals", to: "/admin/moderation/appeals" },
};
export const meta: Route.MetaFunction = () => [{ title: "Appeal | SwapShed back office" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const appeal = await findAppealForStaff(ctx.db, params.id);
  if (!appeal) throw data("Appeal not found", { status: 404 });
  // Why this staff member may not decide it, said before they try (the action checks again).
  const barred =
    appeal.actedById === staff.userId
      ? ACTED_ON_IT
      : appeal.subject === "suspension" && !can(staff.roles, "reactivate_user")
        ? ONLY_ADMINS_SUSPENSIONS
        : null;
  return {
    appeal: {
      ...appeal,
      subjectLabel: APPEAL_SUBJECT_LABELS[appeal.subject],
      decisionAt: sydneyDateTime(appeal.decisionAt),
      createdAt: sydneyDateTime(appeal.createdAt),
      decidedAt: appeal.decidedAt ? sydneyDateTime(appeal.decidedAt) : null,
    },
    mayDecide: can(staff.roles, actionPermissions.decide) && !barred,
    barred,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const here = `/admin/moderation/appeals/${encodeURIComponent(params.id)}`;
  if (form.get("intent") !== "decide") return data({ ok: false as const, error: "Unknown action" }, { status: 400 });
  const act = intentRunner(ctx, request, here);
  const outcome = form.get("outcome");
  return act(
    actionPermissions.decide,
    {
      success: outcome === "reversed" ? "Appeal decided - Decision reversed" : "Appeal decided - Decision upheld",
      failure: "Failed to decide appeal",
    },
    (actor) =>
      decideAppeal(
        { db: ctx.db, env: ctx.env },
        { actor, appealId: params.id, outcome, reason: form.get("reason"), now: ctx.clock.now() },
      ),
  );
}

export default function AppealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { appeal, mayDecide, barred } = loaderData;
  const busy = useNavigation().state === "submitting";
  useFailureToast(actionData);
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const reason = appeal.subject === "suspension" ? appeal.suspensionReason : appeal.listingReason;
  return (
    <div className="max-w-3xl space-y-4">
      <div>
        <p className="text-sm">
          <Link to="/admin/moderation/appeals" className="text-muted hover:underline">
            ← Appeals
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">Appeal: {appeal.subjectLabel}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
          <StatusBadge status={appeal.status} /> Lodged {appeal.createdAt}
        </p>
      </div>
      {error && <PageAlert>{error}</PageAlert>}

      <DetailCard id="decision" title="The decision appealed">
        <dl className="mt-2 space-y-1.5 text-sm">
          <DetailRow label="Member">
            <Link to={`/admin/users/${appeal.userId}`} className="text-brand-800 underline">
              {appeal.memberName}
            </Link>{" "}
            <span className="text-muted">({appeal.memberEmail})</span>
          </DetailRow>
          {appeal.subject === "listing" && (
            <DetailRow label="Listing">
              {appeal.listingId ? (
                <Link to={`/admin/listings?q=${encodeURIComponent(appeal.listingTitle ?? "")}`} className="underline">
                  {appeal.listingTitle}
                </Link>
              ) : (
                "Gone"
              )}
              {appeal.listingModeration && (
                <span className="text-muted">
                  {" "}
                  ({appeal.listingModeration}, {appeal.listingStatus})
                </span>
              )}
            </DetailRow>
          )}
          {appeal.subject === "suspension" && <DetailRow label="Account">{appeal.memberStatus ?? "gone"}</DetailRow>}
          <DetailRow label="Decided">{appeal.decisionAt}</DetailRow>
          <DetailRow label="By">
            {appeal.actedById ? (appeal.actedByName ?? "Unknown") : "No staff member (automatic)"}
          </DetailRow>
          {reason && <DetailRow label="Reason given">{reason}</DetailRow>}
        </dl>
      </DetailCard>

      <DetailCard id="statement" title="The member's statement">
        <p className="mt-2 whitespace-pre-line text-sm wrap-anywhere">{appeal.statement}</p>
      </DetailCard>

      <DetailCard id="second-look" title="Decide">
        {appeal.status !== "pending" ? (
          <dl className="mt-2 space-y-1.5 text-sm">
            <DetailRow label="Outcome">{appeal.status === "reversed" ? "Reversed" : "Upheld"}</DetailRow>
            <DetailRow label="By">
              {appeal.decidedByName ?? "Unknown"}, {appeal.decidedAt}
            </DetailRow>
            <DetailRow label="Reason">{appeal.decisionReason}</DetailRow>
          </dl>
        ) : barred ? (
          <p className="mt-2 text-sm">{barred}.</p>
        ) : mayDecide ? (
          <div className="mt-3">
            <AppealDecisionForm
              reverseWill={
                appeal.subject === "suspension"
                  ? "reactivates the member's account"
                  : "puts the listing back up, approved"
              }
              error={error}
              busy={busy}
            />
          </div>
        ) : (
          <p className="mt-2 text-sm">Only staff who may decide appeals can decide this one.</p>
        )}
      </DetailCard>
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch appeal", notFound: "Appeal not found" });
