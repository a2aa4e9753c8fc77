import { data, Link } from "react-router";
import type { AdminHandle } from "#app/components/admin/admin-shell.tsx";
import type { Route } from "./+types/payments.$id";
import { appContext } from "#app/context.ts";
import { RefundDialog } from "#app/components/admin/payments/refund-dialog.tsx";
import { StatusBadge } from "#app/components/admin/badges.tsx";
import {
  ActionLink,
  DetailCard,
  DetailHeader,
  DetailRow,
  PageAlert,
  RecordsCard,
} from "#app/components/admin/detail-parts.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { failureText, holdText, refundConsequences, refundText } from "#app/components/admin/payment-labels.ts";
import { usePageDialog } from "#app/components/admin/use-page-dialog.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { runStaffAction } from "#app/lib/staff-action.server.ts";
import { formatCents, sydneyDateTime } from "#app/lib/sydney-format.ts";
import { issueRefund } from "#core/payments/issue-refund.ts";
import { findPaymentForStaff } from "#core/payments/find-payment-for-staff.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_payment";

/** Each form intent of this page and the permission its action checks (the permission test walks these). */
export const actionPermissions = { refund: "issue_refund" } as const satisfies Record<string, StaffAction>;

export const handle: AdminHandle = {
  breadcrumb: (data?: { payment: { amount: string; memberName: string } }) =>
    data ? `${data.payment.amount} from ${data.payment.memberName}` : "Payment",
  parent: { label: "Payments", to: "/admin/payments" },
};
export const meta: Route.MetaFunction = () => [{ title: "Payment | SwapShed back office" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const found = await findPaymentForStaff(ctx.db, { paymentId: params.id });
  if (!found) throw data("Payment not found", { status: 404 });
  const p = found.payment;
  return {
    payment: {
      id: p.id,
      swapId: p.swapProposalId,
      circleId: p.swapCircleId,
      userId: p.userId,
      memberName: found.memberName,
      memberEmail: found.memberEmail,
      swapStatus: found.swapStatus ?? found.circleStatus ?? "",
      amount: formatCents(p.amountCents),
      credit: formatCents(p.creditCents),
      currency: p.currency.toUpperCase(),
      status: p.status,
      provider: p.provider,
      paymentIntentId: p.paymentIntentId,
      checkoutSessionId: p.checkoutSessionId,
      failure: failureText(p),
      refund: refundText(p),
      hold: holdText(p),
      capturedAt: p.capturedAt ? sydneyDateTime(p.capturedAt) : null,
      releasedAt: p.releasedAt ? sydneyDateTime(p.releasedAt) : null,
      refundedAt: p.refundedAt ? sydneyDateTime(p.refundedAt) : null,
      createdAt: sydneyDateTime(p.createdAt),
      updatedAt: sydneyDateTime(p.updatedAt),
      refundable: p.status === "completed" && !p.refundReason && (p.amountCents > 0 || p.creditCents > 0),
    },
    events: found.events.map((e) => ({
      ...e,
      receivedAt: sydneyDateTime(e.receivedAt),
      processedAt: e.processedAt ? sydneyDateTime(e.processedAt) : null,
    })),
    mayRefund: can(staff.roles, actionPermissions.refund),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  if (form.get("intent") !== "refund") return data({ ok: false as const, error: "Unknown action" }, { status: 400 });
  const here = `/admin/payments/${encodeURIComponent(params.id)}`;
  return runStaffAction(
    ctx,
    request,
    actionPermissions.refund,
    { success: "Refund issued", failure: "Failed to issue refund", backTo: here },
    (actor) =>
      issueRefund(
        { db: ctx.db, clock: ctx.clock, provider: ctx.paymentProvider },
        { actor, paymentId: params.id, reason: form.get("reason") },
      ),
  );
}

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { payment, events, mayRefund } = loaderData;
  const { open, error, dialog } = usePageDialog(actionData);

  return (
    <div>
      <DetailHeader
        back={{ to: "/admin/payments", label: "Payments" }}
        title={`Payment of ${payment.amount} ${payment.currency}`}
        facts={
          <>
            <span className="font-mono text-xs">{payment.id}</span> <StatusBadge status={payment.status} />
          </>
        }
      >
        {mayRefund && payment.refundable && (
          <ActionLink to="?do=refund" danger>
            Issue refund
          </ActionLink>
        )}
      </DetailHeader>

      {error && !open && <PageAlert>{error}</PageAlert>}

      <DetailCard id="payment-details" title="Details">
        <dl className="mt-2 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
          <DetailRow label="Member">
            <Link to={`/admin/users/${payment.userId}`} className="text-brand-800 hover:underline">
              {payment.memberName}
            </Link>
          </DetailRow>
          {payment.swapId ? (
            <DetailRow label="Swap">
              <Link to={`/admin/swaps/${payment.swapId}`} className="font-mono text-xs text-brand-800 hover:underline">
                {payment.swapId.slice(0, 8)}
              </Link>{" "}
              <StatusBadge status={payment.swapStatus} />
            </DetailRow>
          ) : (
            <DetailRow label="Swap circle">
              <Link
                to={`/admin/circles/${payment.circleId}`}
                className="font-mono text-xs text-brand-800 hover:underline"
              >
                {payment.circleId?.slice(0, 8)}
              </Link>{" "}
              <StatusBadge status={payment.swapStatus} />
            </DetailRow>
          )}
          <DetailRow
            label={payment.status === "completed" || payment.status === "refunded" ? "Charged by card" : "By card"}
          >
            {payment.amount}
          </DetailRow>
          <DetailRow label="Paid from credit">{payment.credit}</DetailRow>
          <DetailRow label="Provider">{payment.provider}</DetailRow>
          <DetailRow label="Payment intent">{payment.paymentIntentId ?? "—"}</DetailRow>
          <DetailRow label="Checkout session">{payment.checkoutSessionId ?? "—"}</DetailRow>
          <DetailRow label="Created">{payment.createdAt}</DetailRow>
          <DetailRow label="Last change">{payment.updatedAt}</DetailRow>
          {payment.hold && (
            <DetailRow label="Hold">
              {`${payment.hold}${payment.capturedAt ? `, ${payment.capturedAt}` : payment.releasedAt ? `, ${payment.releasedAt}` : ""}`}
            </DetailRow>
          )}
          {payment.failure && <DetailRow label="Error">{payment.failure}</DetailRow>}
          {payment.refund && (
            <DetailRow label="Refund">{`${payment.refund}${payment.refundedAt ? `, ${payment.refundedAt}` : ""}`}</DetailRow>
          )}
        </dl>
      </DetailCard>

      <RecordsCard
        id="events"
        title="Provider events"
        empty={events.length === 0 ? "No provider events received for this payment." : undefined}
      >
        <ul className="divide-y divide-line text-sm">
          {events.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
              <span className="min-w-0">
                <span className="font-medium">{e.type}</span>{" "}
                <span className="break-all font-mono text-xs text-muted">{e.id}</span>
                {e.refundId && <span className="block font-mono text-xs text-muted">Refund {e.refundId}</span>}
                {e.error && <span className="block text-xs text-danger">{e.error}</span>}
              </span>
              <span className="flex items-center gap-2 text-xs text-muted">
                <StatusBadge status={e.status} /> received {e.receivedAt}
                {e.processedAt ? `, processed ${e.processedAt}` : ""}
              </span>
            </li>
          ))}
        </ul>
      </RecordsCard>

      {open === "refund" && mayRefund && payment.refundable && (
        <RefundDialog
          consequences={refundConsequences({
            ...payment,
            payerName: payment.memberName,
            credit: payment.credit === "$0.00" ? null : payment.credit,
          })}
          {...dialog}
        />
      )}
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch payments", notFound: "Payment not found" });
