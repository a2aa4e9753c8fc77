// The spec's default failure text (core/payments/handle-payment-event.ts records the same when the provider gives none).
const DEFAULT_FAILURE_MESSAGE = "Payment failed";

/** What went wrong with a failed payment: its recorded error, or the spec's default 'Payment failed'. */
export function failureText(payment: { status: string; errorMessage: string | null }): string | null {
  if (payment.status !== "failed") return payment.errorMessage;
  return payment.errorMessage ?? DEFAULT_FAILURE_MESSAGE;
}

const REFUND_REASONS: Record<string, string> = {
  admin_refund: "refunded by an admin",
  provider_refund: "refunded at the provider",
  swap_lapsed: "refunded: swap lapsed",
  charged_twice: "refunded: charged twice",
  paid_after_close: "refunded: paid after the swap closed",
};

/** A refund's state in words: why and whether it is done, or null for a payment nobody owes back. */
export function refundText(payment: { refundReason: string | null; refundedAt: string | Date | null }): string | null {
  if (!payment.refundReason) return payment.refundedAt ? "refunded" : null;
  const why = REFUND_REASONS[payment.refundReason] ?? `refunded: ${payment.refundReason}`;
  return payment.refundedAt ? why : `refund pending (${why.replace(/^refunded:? ?/, "") || "owed"})`;
}

const RELEASE_REASONS: Record<string, string> = {
  swap_lapsed: "swap lapsed",
  swap_cancelled: "swap cancelled",
  charged_twice: "held twice",
  paid_after_close: "held after the swap closed",
  hold_ended: "ended at the provider",
};

/**
 * Where a fee's hold stands (decision 102), in words: held until both have paid, captured (charged), or released
 * (let go, nothing charged) and why. Null for a payment that never held anything (an open or failed checkout).
 */
export function holdText(payment: {
  status: string;
  releaseReason: string | null;
  releasedAt: string | Date | null;
  capturedAt: string | Date | null;
}): string | null {
  const why = payment.releaseReason ? (RELEASE_REASONS[payment.releaseReason] ?? payment.releaseReason) : null;
  if (payment.releasedAt) return `released, not charged (${why})`;
  if (why) return `release pending (${why})`;
  if (payment.status === "held") return "held: charged when both have paid";
  if (payment.capturedAt) return "captured";
  return null;
}

/** What an admin's refund does, in words, for its confirm dialog (the swap's page and the payment's page). */
export function refundConsequences(p: {
  amount: string;
  credit: string | null;
  provider: string;
  payerName: string;
  swapStatus: string;
}) {
  const card = p.provider === "local" || p.provider === "stripe";
  const parts = [
    card ? `${p.amount} goes back to ${p.payerName}'s card through the payment provider.` : null,
    p.credit ? `${p.credit} of account credit goes back to ${p.payerName}.` : null,
    p.swapStatus === "accepted"
      ? "This swap still waits for payment, so their fee no longer counts and they pay again to go ahead."
      : null,
    "This cannot be undone.",
  ];
  return parts.filter(Boolean).join(" ");
}
