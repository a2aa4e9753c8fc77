import { data, Link } from "react-router";
import type { AdminHandle } from "#app/components/admin/admin-shell.tsx";
import { StatusBadge } from "#app/components/admin/badges.tsx";
import { DetailCard, DetailHeader, DetailRow, PageAlert, RecordsCard } from "#app/components/admin/detail-parts.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { ProblemsCard } from "#app/components/admin/swap/problems-card.tsx";
import { ResolveProblemDialog } from "#app/components/admin/swap/resolve-problem-dialog.tsx";
import { usePageDialog } from "#app/components/admin/use-page-dialog.ts";
import { appContext } from "#app/context.ts";
import { formatValueRange } from "#app/lib/format.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { intentRunner } from "#app/lib/staff-action.server.ts";
import { toStaffProblem } from "#app/lib/staff-problems.server.ts";
import { formatCents, sydneyDateTime } from "#app/lib/sydney-format.ts";
import { findCircleForStaff } from "#core/circles/find-circle-for-staff.ts";
import { resolveCircleProblem } from "#core/circles/resolve-circle-problem.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";
import { findProblemsOfDeal } from "#core/swaps/find-swap-problems.ts";
import type { Route } from "./+types/circles.$id";

/**
 * A swap circle in the back office (decision 108): where it stands, who gives what to whom with each member's answer
 * and fee, its payments (each links to its payment page, where a refund is issued), and the problems its members
 * reported (decision 112), which staff resolve here. A circle's members answer it themselves, and its fees are
 * refunded payment by payment.
 */
export const permission: StaffAction = "view_swap";

/** Each form intent of this page and the permission its action checks (the permission test walks these). */
export const actionPermissions = {
  "resolve-problem": "resolve_problem",
} as const satisfies Record<string, StaffAction>;

export const handle: AdminHandle = {
  breadcrumb: (data?: { legs: { listingTitle: string }[] }) =>
    data ? `Circle: ${data.legs.map((leg) => leg.listingTitle).join(" → ")}` : "Swap circle",
  parent: { label: "Swaps", to: "/admin/swaps" },
};
export const meta: Route.MetaFunction = () => [{ title: "Swap circle | SwapShed back office" }];

/** Why a closed circle closed, as staff read it. */
const CLOSE_REASONS: Record<string, string> = {
  not_paid: "not every fee was held within 48 hours of acceptance",
  listing_taken: "another deal took one of its listings",
  listing_gone: "a listing was no longer on offer at the last acceptance",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const found = await findCircleForStaff(ctx.db, { circleId: params.id });
  if (!found) throw data("Swap circle not found", { status: 404 });
  const { circle } = found;
  const problems = await findProblemsOfDeal(ctx.db, { circleId: circle.id });
  const closed =
    circle.status === "declined"
      ? `Declined by ${found.closedBy ?? "a member"}`
      : circle.closeReason
        ? `${circle.status === "lapsed" ? "Lapsed" : "Closed"}: ${CLOSE_REASONS[circle.closeReason] ?? circle.closeReason}`
        : circle.status === "lapsed"
          ? "Lapsed: not every member answered within 48 hours"
          : null;
  return {
    circle: {
      id: circle.id,
      status: circle.status,
      offeredAt: sydneyDateTime(circle.createdAt),
      answerBy: sydneyDateTime(circle.expiresAt),
      acceptedAt: circle.acceptedAt ? sydneyDateTime(circle.acceptedAt) : null,
      paymentDueAt: circle.paymentDueAt ? sydneyDateTime(circle.paymentDueAt) : null,
      handshakeAt: circle.handshakeAt ? sydneyDateTime(circle.handshakeAt) : null,
      closedAt: circle.closedAt ? sydneyDateTime(circle.closedAt) : null,
      completedAt: circle.completedAt ? sydneyDateTime(circle.completedAt) : null,
      completedHow:
        circle.completedHow === "confirmed"
          ? "Every member confirmed the swap"
          : circle.completedHow === "timed_out"
            ? "A week passed after every fee was held"
            : null,
      closed,
    },
    legs: found.legs.map((leg) => ({
      position: leg.position,
      giverId: leg.giverId,
      giverName: leg.giverName,
      receiverId: leg.receiverId,
      receiverName: leg.receiverName,
      listingTitle: leg.listingTitle,
      listingStatus: leg.listingStatus,
      value: formatValueRange(leg.valueMin, leg.valueMax),
      accepted: leg.acceptedAt ? sydneyDateTime(leg.acceptedAt) : null,
      paid: leg.paidAt ? sydneyDateTime(leg.paidAt) : null,
      swapped: leg.swappedAt ? sydneyDateTime(leg.swappedAt) : null,
    })),
    problems: problems.map((p) => toStaffProblem(p, "member")),
    may: Object.fromEntries(
      Object.entries(actionPermissions).map(([intent, action]) => [intent, can(staff.roles, action)]),
    ) as Record<keyof typeof actionPermissions, boolean>,
    payments: found.payments.map((p) => ({
      id: p.id,
      memberName: p.memberName,
      status: p.status,
      provider: p.provider,
      amount: formatCents(p.amountCents),
      credit: formatCents(p.creditCents),
      createdAt: sydneyDateTime(p.createdAt),
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const circleId = params.id;
  const act = intentRunner(ctx, request, `/admin/circles/${encodeURIComponent(circleId)}`);
  switch (form.get("intent")) {
    case "resolve-problem":
      return act(
        actionPermissions["resolve-problem"],
        { success: "Problem resolved", failure: "Failed to resolve problem" },
        (actor) =>
          resolveCircleProblem(
            { db: ctx.db, env: ctx.env },
            {
              actor,
              circleId,
              problemId: form.get("problemId"),
              resolution: form.get("resolution"),
              now: ctx.clock.now(),
            },
          ),
      );
    default:
      return data({ ok: false as const, error: "Unknown action" }, { status: 400 });
  }
}

export default function StaffCirclePage({ loaderData, actionData }: Route.ComponentProps) {
  const { circle, legs, payments, problems, may } = loaderData;
  const { open, params, error, dialog } = usePageDialog(actionData);
  const resolving =
    open === "resolve-problem"
      ? problems.find((p) => p.id === params.get("problem") && p.status === "open")
      : undefined;
  return (
    <div>
      <DetailHeader
        back={{ to: "/admin/swaps", label: "Swaps" }}
        title={`Swap circle of ${legs.length}`}
        facts={
          <>
            <span className="font-mono text-xs">{circle.id}</span> <StatusBadge status={circle.status} />
          </>
        }
      />

      <DetailCard id="circle-details" title="Details">
        <dl className="mt-2 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
          <DetailRow label="Offered">{circle.offeredAt}</DetailRow>
          <DetailRow label="Answer by">{circle.answerBy}</DetailRow>
          {circle.acceptedAt && <DetailRow label="Everyone accepted">{circle.acceptedAt}</DetailRow>}
          {circle.paymentDueAt && <DetailRow label="Fees due by">{circle.paymentDueAt}</DetailRow>}
          {circle.handshakeAt && <DetailRow label="Every fee held">{circle.handshakeAt}</DetailRow>}
          {circle.completedAt && <DetailRow label="Completed">{circle.completedAt}</DetailRow>}
          {circle.completedHow && <DetailRow label="How">{circle.completedHow}</DetailRow>}
          {circle.closedAt && <DetailRow label="Closed">{circle.closedAt}</DetailRow>}
          {circle.closed && <DetailRow label="Why">{circle.closed}</DetailRow>}
        </dl>
      </DetailCard>

      <RecordsCard id="legs" title="Who gives what to whom">
        <ul className="divide-y divide-line text-sm">
          {legs.map((leg) => (
            <li key={leg.position} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
              <span className="min-w-0">
                <Link to={`/admin/users/${leg.giverId}`} className="font-medium text-brand-800 hover:underline">
                  {leg.giverName}
                </Link>{" "}
                gives <span className="wrap-anywhere">{leg.listingTitle}</span>{" "}
                <span className="text-muted">({leg.value})</span> to{" "}
                <Link to={`/admin/users/${leg.receiverId}`} className="font-medium text-brand-800 hover:underline">
                  {leg.receiverName}
                </Link>
              </span>
              <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
                <StatusBadge status={leg.listingStatus} />
                <span>{leg.accepted ? `Accepted ${leg.accepted}` : "Not yet accepted"}</span>
                <span>{leg.paid ? `Fee held ${leg.paid}` : "Fee not held"}</span>
                {leg.swapped && <span>Confirmed the swap {leg.swapped}</span>}
              </span>
            </li>
          ))}
        </ul>
      </RecordsCard>

      {error && !open && <PageAlert>{error}</PageAlert>}
      <ProblemsCard problems={problems} threadHref={null} mayResolve={may["resolve-problem"]} />

      <RecordsCard
        id="payments"
        title="Payments"
        empty={payments.length === 0 ? "No payments for this swap circle yet." : undefined}
      >
        <ul className="divide-y divide-line text-sm">
          {payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
              <span className="min-w-0">
                <Link to={`/admin/payments/${p.id}`} className="font-medium text-brand-800 hover:underline">
                  {p.amount} from {p.memberName}
                </Link>{" "}
                <span className="text-muted">
                  ({p.provider}, {p.credit} from credit)
                </span>
              </span>
              <span className="flex items-center gap-2 text-xs text-muted">
                <StatusBadge status={p.status} />
                {p.createdAt}
              </span>
            </li>
          ))}
        </ul>
      </RecordsCard>

      {open === "resolve-problem" && may["resolve-problem"] && resolving && (
        <ResolveProblemDialog
          problemId={resolving.id}
          summary={`${resolving.kindLabel}, reported by ${resolving.reporterName}: ${resolving.details}`}
          told="Every member of the circle is told, and sees the resolution on the circle's page. Refunds, if due, are issued on each payment's page."
          {...dialog}
        />
      )}
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  failure: "Failed to fetch the swap circle",
  notFound: "Swap circle not found",
});
