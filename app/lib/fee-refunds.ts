/**
 * What really happens to a handshake fee (decisions 023, 051, 069, 102), said in the same words on My Swaps, in the
 * FAQ and in the Terms: paying holds the fee (on the card, or in account credit) and nothing is charged until both
 * members have paid (core/payments/settle-holds.ts); a swap that lapses or is cancelled first lets the hold go
 * (lapse-unpaid-swaps.ts, let-go-of-holds.ts); once both fees are charged they are non-refundable except by
 * SwapShed's own refund (Issue refund) or where the law requires.
 */
export const HELD_UNTIL_BOTH_PAY =
  "Paying holds the fee on your card: nothing is charged until both of you have paid, and then both fees are charged at once.";

export const LAPSE_RELEASE =
  "If both fees are not paid within 48 hours of the swap being accepted, the swap lapses, any hold is released and nobody is charged; fee paid from your account credit goes back to your credit.";

export const NON_REFUNDABLE_ONCE_PAID = "Once both of you have paid, both fees are charged and are non-refundable.";
