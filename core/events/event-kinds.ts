/**
 * Every kind of domain event, by domain. A use case records one in the transaction of its change
 * (record-event.ts); the dispatcher turns it into its effects (dispatch-events.ts, handlers.ts).
 */
export const SWAP_EVENT_KINDS = [
  "swap.proposed",
  "swap.accepted",
  "swap.declined",
  // One party has paid and the other has not yet.
  "swap.paid",
  "swap.completed",
  "swap.expiring",
  "swap.payment_due_soon",
  "swap.lapsed",
] as const;

export type SwapEventKind = (typeof SWAP_EVENT_KINDS)[number];
export type EventKind = SwapEventKind;

/** An event as the dispatcher hands it to a handler. */
export type DomainEvent = {
  id: string;
  kind: EventKind;
  subjectId: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
};
