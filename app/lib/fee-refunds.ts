/**
 * What really happens to a handshake fee (decision 023, 051, 069), said in the same words on My Swaps, in the FAQ
 * and in the Terms: a lapsed swap's fees are refunded automatically (lapse-unpaid-swaps.ts); once both have paid,
 * the fee is non-refundable except by SwapShed's own refund (Issue refund) or where the law requires.
 */
export const LAPSE_REFUND =
  "If both fees are not paid within 48 hours of the swap being accepted, the swap lapses and any fee already paid is refunded in full: to the card that paid it, or to your account credit.";

export const NON_REFUNDABLE_ONCE_PAID = "Once both of you have paid, the handshake fee is non-refundable.";
