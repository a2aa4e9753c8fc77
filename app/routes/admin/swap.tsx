import { data, Link } from "react-router";
import type { AdminHandle } from "../../components/admin/admin-shell";
import type { Route } from "./+types/swap";
import { appContext } from "../../context";
import { Badge, StatusBadge } from "../../components/admin/badges";
import { ActionLink, DetailRow } from "../../components/admin/detail-parts";
import { adminErrorBoundary } from "../../components/admin/load-error";
import { RefundDialog } from "../../components/admin/payments/refund-dialog";
import { CancelSwapDialog } from "../../components/admin/swap/cancel-dialog";
import { ApplyCreditDialog } from "../../components/admin/swap/credit-dialog";
import { MarkDisputeDialog } from "../../components/admin/swap/dispute-dialog";
import { ResolveDisputeDialog } from "../../components/admin/swap/resolve-dialog";
import { failureText, refundConsequences, refundText } from "../../components/admin/payment-labels";
import { usePageDialog } from "../../components/admin/use-page-dialog";
import { requireStaff } from "../../lib/require-staff.server";
import { runStaffAction } from "../../lib/staff-action.server";
import { formatCents, sydneyDateTime } from "../../lib/sydney-format";
import { applyCredit } from "../../../core/payments/apply-credit";
import { issueRefund } from "../../../core/payments/issue-refund";
import { cancelSwapAsStaff, isCancellable } from "../../../core/payments/cancel-swap-as-staff";
import { findSwapForStaff } from "../../../core/payments/find-swap-for-staff";
import { markSwapDispute, resolveSwapDispute } from "../../../core/swaps/swap-dispute";
import { can, type StaffAction } from "../../../core/staff/permissions";
import { ADMIN_CREDIT_CENTS } from "../../../db/schema/payments";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_swap";

/** Each form intent of this page and the permission its action checks (the permission test walks these). */
export const actionPermissions = {
  cancel: "cancel_swap",
  "mark-dispute": "mark_dispute",
  "resolve-dispute": "resolve_dispute",
  refund: "issue_refund",
  credit: "apply_credit",
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
  return {
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
      },
      {
        role: "Receiver",
        ...found.receiver,
        credit: formatCents(found.receiver.creditCents),
        paid: swap.receiverPaid,
        listing: found.target,
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
  switch (form.get("intent")) {
    case "cancel":
      return runStaffAction(
        ctx,
        request,
        actionPermissions.cancel,
        { success: "Swap cancelled", failure: "Failed to cancel swap", backTo: here },
        (actor) =>
          cancelSwapAsStaff(
            { db: ctx.db, provider: ctx.paymentProvider, appUrl: ctx.env.APP_URL },
            { actor, swapId, reason: form.get("reason"), now },
          ),
      );
    case "mark-dispute":
      return runStaffAction(
        ctx,
        request,
        actionPermissions["mark-dispute"],
        { success: "Dispute marked", failure: "Failed to mark dispute", backTo: here },
        (actor) => markSwapDispute(ctx.db, { actor, swapId, notes: form.get("notes"), now }),
      );
    case "resolve-dispute":
      return runStaffAction(
        ctx,
        request,
        actionPermissions["resolve-dispute"],
        { success: "Dispute resolved", failure: "Failed to resolve dispute", backTo: here },
        (actor) => resolveSwapDispute(ctx.db, { actor, swapId, resolution: form.get("resolution"), now }),
      );
    case "refund":
      return runStaffAction(
        ctx,
        request,
        actionPermissions.refund,
        { success: "Refund issued", failure: "Failed to issue refund", backTo: here },
        (actor) =>
          issueRefund(
            { db: ctx.db, clock: ctx.clock, provider: ctx.paymentProvider },
            { actor, paymentId: String(form.get("paymentId") ?? ""), reason: form.get("reason") },
          ),
      );
    case "credit":
      return runStaffAction(
        ctx,
        request,
        actionPermissions.credit,
        { success: "Credit applied", failure: "Failed to apply credit", backTo: here },
        (actor) =>
          applyCredit(ctx.db, {
            actor,
            userId: String(form.get("userId") ?? ""),
            swapId,
            reason: form.get("reason"),
            now,
          }),
      );
    default:
      return data({ ok: false as const, error: "Unknown action" }, { status: 400 });
  }
}

export default function SwapPage({ loaderData, actionData }: Route.ComponentProps) {
  const { swap, parties, timeline, payments, may, creditAmount } = loaderData;
  const { open, params, error, dialog } = usePageDialog(actionData);
  const cancellable = swap.cancellable;
  const refunding =
    open === "refund" ? payments.find((p) => p.id === params.get("payment") && p.refundable) : undefined;
  const [proposer, receiver] = parties;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm">
            <Link to="/admin/swaps" className="text-muted hover:underline">
              ← Swaps
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight">
            {proposer.listing?.title ?? "Listing"} ⇄ {receiver.listing?.title ?? "Listing"}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
            <span className="font-mono text-xs">{swap.id}</span> <StatusBadge status={swap.status} />
            {swap.isDisputed && <Badge tone="amber">under dispute</Badge>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {may.cancel &&
            (cancellable ? (
              <ActionLink to="?do=cancel" danger>
                Cancel swap
              </ActionLink>
            ) : (
              <button
                type="button"
                disabled
                title={swap.status === "rejected" ? "Already cancelled" : `A ${swap.status} swap cannot be cancelled`}
                className="inline-flex h-9 cursor-not-allowed items-center rounded-md border border-line bg-surface px-3 text-sm font-medium text-muted"
              >
                Cancel swap
              </button>
            ))}
          {may["mark-dispute"] && !swap.isDisputed && <ActionLink to="?do=dispute">Mark dispute</ActionLink>}
          {may["resolve-dispute"] && swap.isDisputed && <ActionLink to="?do=resolve">Resolve dispute</ActionLink>}
          {may.credit && <ActionLink to="?do=credit">Apply credit</ActionLink>}
        </div>
      </div>

      {error && !open && (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-3">
        {parties.map((party) => (
          <section key={party.role} aria-label={party.role} className="rounded-lg border border-line bg-white p-4">
            <h2 className="text-sm font-semibold">{party.role}</h2>
            <p className="mt-1">
              <Link to={`/admin/users/${party.id}`} className="font-medium text-brand-800 hover:underline">
                {party.name}
              </Link>
            </p>
            {party.email && <p className="truncate text-sm text-muted">{party.email}</p>}
            <dl className="mt-2 space-y-1.5 text-sm">
              <DetailRow label={party.role === "Proposer" ? "Offers" : "Gives"}>
                {party.listing?.title ?? "—"}
              </DetailRow>
              <DetailRow label="Listing status">{party.listing?.status ?? "—"}</DetailRow>
              <DetailRow label="Fee paid">{party.paid ? "Yes" : "No"}</DetailRow>
              <DetailRow label="Account credit">{party.credit}</DetailRow>
            </dl>
          </section>
        ))}

        <section aria-labelledby="timeline" className="rounded-lg border border-line bg-white p-4">
          <h2 id="timeline" className="text-sm font-semibold">
            Timeline
          </h2>
          <ol className="mt-2 space-y-1.5 text-sm">
            {timeline.map((step) => (
              <li key={step.label} className="flex justify-between gap-3">
                <span className={step.state === "done" ? "font-medium" : "text-muted"}>{step.label}</span>
                <span className="text-right text-muted">{step.at ?? (step.state === "waiting" ? "Not yet" : "—")}</span>
              </li>
            ))}
          </ol>
          {swap.expiresAt && <p className="mt-2 text-xs text-muted">Expires {swap.expiresAt} unless answered.</p>}
          {swap.paymentDueAt && (
            <p className="mt-2 text-xs text-muted">Lapses {swap.paymentDueAt} unless both have paid.</p>
          )}
        </section>

        <section aria-labelledby="details" className="rounded-lg border border-line bg-white p-4 lg:col-span-2">
          <h2 id="details" className="text-sm font-semibold">
            Message and dispute
          </h2>
          <dl className="mt-2 space-y-1.5 text-sm">
            <DetailRow label="Message">{swap.message ?? "—"}</DetailRow>
            {swap.rejectionReason && <DetailRow label="Closed because">{swap.rejectionReason}</DetailRow>}
            <DetailRow label="Dispute">
              {swap.isDisputed
                ? "Under review"
                : swap.disputeResolvedAt
                  ? `Resolved ${swap.disputeResolvedAt}`
                  : "None"}
            </DetailRow>
            {swap.disputeNotes && <DetailRow label="Dispute notes">{swap.disputeNotes}</DetailRow>}
            {swap.disputeResolution && <DetailRow label="Resolution">{swap.disputeResolution}</DetailRow>}
          </dl>
        </section>
      </div>

      <section aria-labelledby="payments" className="mt-4 rounded-lg border border-line bg-white">
        <h2 id="payments" className="border-b border-line px-4 py-3 text-sm font-semibold">
          Payments <span className="font-normal text-muted">(oldest first)</span>
        </h2>
        {payments.length === 0 ? (
          <p className="px-4 py-3 text-sm text-muted">No payments for this swap.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[760px] text-left text-sm">
              <caption className="sr-only">Payments for this swap, oldest first</caption>
              <thead className="border-b border-line bg-surface text-xs uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Payer
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Amount
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Started
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Paid
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {payments.map((p) => (
                  <tr key={p.id}>
                    <td className="px-3 py-2">
                      {p.payerName} <span className="text-xs text-muted">({p.payer})</span>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                      <Link to={`/admin/payments/${p.id}`} className="font-medium text-brand-800 hover:underline">
                        {p.amount}
                      </Link>
                      {p.credit && <span className="block text-xs text-muted">+ {p.credit} credit</span>}
                      <span className="block text-xs text-muted">{p.provider}</span>
                    </td>
                    <td className="px-3 py-2">
                      <StatusBadge status={p.status} />
                      {p.failure && <span className="block text-xs text-danger">{p.failure}</span>}
                      {p.refund && <span className="block text-xs text-muted">{p.refund}</span>}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-muted">{p.createdAt}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-muted">{p.paidAt ?? "—"}</td>
                    <td className="whitespace-nowrap px-3 py-2">
                      {may.refund && p.refundable && (
                        <Link
                          to={`?do=refund&payment=${p.id}`}
                          preventScrollReset
                          aria-label={`Issue refund: ${p.amount} paid by ${p.payerName}`}
                          className="rounded px-2 py-1 text-xs font-medium text-brand-800 hover:bg-brand-50"
                        >
                          Issue refund
                        </Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

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
      {open === "credit" && may.credit && (
        <ApplyCreditDialog creditAmount={creditAmount} parties={parties} {...dialog} />
      )}
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch swaps", notFound: "Swap not found" });
