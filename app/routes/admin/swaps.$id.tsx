import { data } from "react-router";
import type { AdminHandle } from "#app/components/admin/admin-shell.tsx";
import { PageAlert } from "#app/components/admin/detail-parts.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { failureText, holdText, refundConsequences, refundText } from "#app/components/admin/payment-labels.ts";
import { RefundDialog } from "#app/components/admin/payments/refund-dialog.tsx";
import { CancelSwapDialog } from "#app/components/admin/swap/cancel-dialog.tsx";
import { ApplyCreditDialog } from "#app/components/admin/swap/credit-dialog.tsx";
import { DisputeCard } from "#app/components/admin/swap/dispute-card.tsx";
import { MarkDisputeDialog } from "#app/components/admin/swap/dispute-dialog.tsx";
import { PartyCard } from "#app/components/admin/swap/party-card.tsx";
import { PaymentsCard } from "#app/components/admin/swap/payments-card.tsx";
import { ProblemsCard } from "#app/components/admin/swap/problems-card.tsx";
import { ResolveDisputeDialog } from "#app/components/admin/swap/resolve-dialog.tsx";
import { ResolveProblemDialog } from "#app/components/admin/swap/resolve-problem-dialog.tsx";
import { SwapHeader } from "#app/components/admin/swap/swap-header.tsx";
import { TimelineCard } from "#app/components/admin/swap/timeline-card.tsx";
import { usePageDialog } from "#app/components/admin/use-page-dialog.ts";
import { appContext } from "#app/context.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { intentRunner } from "#app/lib/staff-action.server.ts";
import { toStaffProblem } from "#app/lib/staff-problems.server.ts";
import { formatCents, sydneyDateTime } from "#app/lib/sydney-format.ts";
import { applyCredit } from "#core/payments/apply-credit.ts";
import { cancelSwapAsStaff, isCancellable } from "#core/payments/cancel-swap-as-staff.ts";
import { findSwapForStaff } from "#core/payments/find-swap-for-staff.ts";
import { issueRefund } from "#core/payments/issue-refund.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";
import { findSwapProblemsForStaff } from "#core/swaps/find-swap-problems.ts";
import { resolveSwapProblem } from "#core/swaps/resolve-swap-problem.ts";
import { markSwapDispute, resolveSwapDispute } from "#core/swaps/swap-dispute.ts";
import { ADMIN_CREDIT_CENTS } from "#db/schema/payments.ts";
import type { Route } from "./+types/swaps.$id";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_swap";

/** Each form intent of this page and the permission its action checks (the permission test walks these). */
export const actionPermissions = {
  cancel: "cancel_swap",
  "mark-dispute": "mark_dispute",
  "resolve-dispute": "resolve_dispute",
  refund: "issue_refund",
  credit: "apply_credit",
  "resolve-problem": "resolve_problem",
} as const satisfies Record<string, StaffAction>;

export const handle: AdminHandle = {
  breadcrumb: (data?: { parties: { listing: { title: string } | null }[] }) =>
    data ? data.parties.map((p) => p.listing?.title ?? "Listing").join(" ⇄ ") : "Swap",
  parent: { label: "Swaps", to: "/admin/swaps" },
};
export const meta: Route.MetaFunction = () => [{ title: "Swap | SwapShed back office" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const found = await findSwapForStaff(ctx.db, { swapId: params.id });
  if (!found) throw data("Swap not found", { status: 404 });
  const { swap } = found;
  const reported = await findSwapProblemsForStaff(ctx.db, swap.id);
  return {
    problems: reported.problems.map((p) =>
      toStaffProblem(p, p.reportedBy === swap.proposerId ? "proposer" : "receiver"),
    ),
    // The swap's thread, for staff who may read it (an audited read, decision 097).
    threadHref:
      reported.conversationId && reported.problems.length > 0 && can(staff.roles, "view_swap_thread")
        ? `/admin/swaps/${swap.id}/thread`
        : null,
    swap: {
      id: swap.id,
      status: swap.status,
      cancellable: isCancellable(swap.status),
      message: swap.message,
      rejectionReason: swap.rejectionReason,
      paymentDueAt: swap.status === "accepted" ? sydneyDateTime(swap.paymentDueAt) : null,
      expiresAt: swap.status === "pending" ? sydneyDateTime(swap.expiresAt) : null,
      isDisputed: swap.isDisputed,
      disputeNotes: swap.disputeNotes,
      disputeResolvedAt: swap.disputeResolvedAt ? sydneyDateTime(swap.disputeResolvedAt) : null,
      disputeResolution: swap.disputeResolution,
    },
    parties: [
      {
        role: "Proposer",
        ...found.proposer,
        credit: formatCents(found.proposer.creditCents),
        paid: swap.proposerPaid,
        listing: found.offered,
        more: found.moreOffered,
      },
      {
        role: "Receiver",
        ...found.receiver,
        credit: formatCents(found.receiver.creditCents),
        paid: swap.receiverPaid,
        listing: found.target,
        more: found.moreWanted,
      },
    ],
    timeline: found.timeline.map((step) => ({ ...step, at: step.at ? sydneyDateTime(step.at) : null })),
    payments: found.payments.map((p) => ({
      id: p.id,
      payerName: p.payer === "proposer" ? found.proposer.name : found.receiver.name,
      payer: p.payer,
      amount: formatCents(p.amountCents),
      credit: p.creditCents ? formatCents(p.creditCents) : null,
      status: p.status,
      provider: p.provider,
      paymentIntentId: p.paymentIntentId,
      createdAt: sydneyDateTime(p.createdAt),
      paidAt: p.paidAt ? sydneyDateTime(p.paidAt) : null,
      failure: failureText(p),
      refund: refundText(p),
      hold: holdText(p),
      refundable: p.status === "completed" && !p.refundReason && (p.amountCents > 0 || p.creditCents > 0),
    })),
    creditAmount: formatCents(ADMIN_CREDIT_CENTS),
    // What this staff member may do here: the same table the actions check.
    may: Object.fromEntries(
      Object.entries(actionPermissions).map(([intent, action]) => [intent, can(staff.roles, action)]),
    ) as Record<keyof typeof actionPermissions, boolean>,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const swapId = params.id;
  const here = `/admin/swaps/${encodeURIComponent(swapId)}`;
  const now = ctx.clock.now();
  const act = intentRunner(ctx, request, here);
  switch (form.get("intent")) {
    case "cancel":
      return act(actionPermissions.cancel, { success: "Swap cancelled", failure: "Failed to cancel swap" }, (actor) =>
        cancelSwapAsStaff(
          { db: ctx.db, clock: ctx.clock, provider: ctx.paymentProvider, appUrl: ctx.env.APP_URL },
          { actor, swapId, reason: form.get("reason"), now },
        ),
      );
    case "mark-dispute":
      return act(
        actionPermissions["mark-dispute"],
        { success: "Dispute marked", failure: "Failed to mark dispute" },
        (actor) => markSwapDispute(ctx.db, { actor, swapId, notes: form.get("notes"), now }),
      );
    case "resolve-dispute":
      return act(
        actionPermissions["resolve-dispute"],
        { success: "Dispute resolved", failure: "Failed to resolve dispute" },
        (actor) => resolveSwapDispute(ctx.db, { actor, swapId, resolution: form.get("resolution"), now }),
      );
    case "refund":
      return act(actionPermissions.refund, { success: "Refund issued", failure: "Failed to issue refund" }, (actor) =>
        issueRefund(
          { db: ctx.db, clock: ctx.clock, provider: ctx.paymentProvider },
          { actor, paymentId: String(form.get("paymentId") ?? ""), reason: form.get("reason") },
        ),
      );
    case "credit":
      return act(actionPermissions.credit, { success: "Credit applied", failure: "Failed to apply credit" }, (actor) =>
        applyCredit(ctx.db, {
          actor,
          userId: String(form.get("userId") ?? ""),
          swapId,
          reason: form.get("reason"),
          now,
        }),
      );
    case "resolve-problem":
      return act(
        actionPermissions["resolve-problem"],
        { success: "Problem resolved", failure: "Failed to resolve problem" },
        (actor) =>
          resolveSwapProblem(
            { db: ctx.db, env: ctx.env },
            { actor, swapId, problemId: form.get("problemId"), resolution: form.get("resolution"), now },
          ),
      );
    default:
      return data({ ok: false as const, error: "Unknown action" }, { status: 400 });
  }
}

export default function SwapPage({ loaderData, actionData }: Route.ComponentProps) {
  const { swap, parties, timeline, payments, may, creditAmount, problems, threadHref } = loaderData;
  const { open, params, error, dialog } = usePageDialog(actionData);
  const cancellable = swap.cancellable;
  const refunding =
    open === "refund" ? payments.find((p) => p.id === params.get("payment") && p.refundable) : undefined;
  const [proposer, receiver] = parties;
  const resolving =
    open === "resolve-problem"
      ? problems.find((p) => p.id === params.get("problem") && p.status === "open")
      : undefined;

  return (
    <div>
      <SwapHeader
        swap={swap}
        titles={[proposer.listing?.title ?? "Listing", receiver.listing?.title ?? "Listing"]}
        may={may}
      />

      {error && !open && <PageAlert>{error}</PageAlert>}

      <div className="grid gap-4 lg:grid-cols-3">
        {parties.map((party) => (
          <PartyCard key={party.role} party={party} />
        ))}
        <TimelineCard timeline={timeline} expiresAt={swap.expiresAt} paymentDueAt={swap.paymentDueAt} />
        <DisputeCard swap={swap} />
      </div>

      <ProblemsCard problems={problems} threadHref={threadHref} mayResolve={may["resolve-problem"]} />

      <PaymentsCard payments={payments} mayRefund={may.refund} />

      {open === "cancel" && may.cancel && cancellable && (
        <CancelSwapDialog proposerName={proposer.name} receiverName={receiver.name} {...dialog} />
      )}
      {open === "dispute" && may["mark-dispute"] && !swap.isDisputed && <MarkDisputeDialog {...dialog} />}
      {open === "resolve" && may["resolve-dispute"] && swap.isDisputed && (
        <ResolveDisputeDialog disputeNotes={swap.disputeNotes} {...dialog} />
      )}
      {open === "refund" && may.refund && refunding && (
        <RefundDialog
          consequences={refundConsequences({ ...refunding, swapStatus: swap.status })}
          paymentId={refunding.id}
          {...dialog}
        />
      )}
      {open === "resolve-problem" && may["resolve-problem"] && resolving && (
        <ResolveProblemDialog
          problemId={resolving.id}
          summary={`${resolving.kindLabel}, reported by ${resolving.reporterName}: ${resolving.details}`}
          {...dialog}
        />
      )}
      {open === "credit" && may.credit && (
        <ApplyCreditDialog creditAmount={creditAmount} parties={parties} {...dialog} />
      )}
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch swaps", notFound: "Swap not found" });
