import { Link } from "react-router";
import { StatusBadge } from "../badges";
import { RecordsCard } from "../detail-parts";
import { ColumnHeads } from "../list-table";

type SwapPayment = {
  id: string;
  payerName: string;
  payer: string;
  amount: string;
  credit: string | null;
  provider: string;
  status: string;
  failure: string | null;
  refund: string | null;
  hold: string | null;
  createdAt: string;
  paidAt: string | null;
  refundable: boolean;
};

/** The swap's handshake-fee payments, each with its refund link when this staff member may refund it. */
export function PaymentsCard({ payments, mayRefund }: { payments: SwapPayment[]; mayRefund: boolean }) {
  return (
    <RecordsCard
      id="payments"
      title="Payments"
      empty={payments.length === 0 ? "No payments for this swap." : undefined}
    >
      <div className="overflow-x-auto">
        <table className="w-full min-w-[760px] text-left text-sm">
          <caption className="sr-only">Payments for this swap, oldest first</caption>
          <ColumnHeads columns={["Payer", "Amount", "Status", "Started", "Paid", "Actions"]} />
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
                  {p.hold && <span className="block text-xs text-muted">{p.hold}</span>}
                  {p.refund && <span className="block text-xs text-muted">{p.refund}</span>}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-muted">{p.createdAt}</td>
                <td className="whitespace-nowrap px-3 py-2 text-muted">{p.paidAt ?? "—"}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  {mayRefund && p.refundable && (
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
    </RecordsCard>
  );
}
