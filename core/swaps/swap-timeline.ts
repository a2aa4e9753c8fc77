/** One step of a swap's history as the back office shows it: done at a time, still to come, or never reached. */
export type TimelineStep = { label: string; at: Date | null; state: "done" | "waiting" | "never" };

type TimelineSwap = {
  status: string;
  proposerId: string;
  receiverId: string;
  createdAt: Date;
  updatedAt: Date;
  acceptedAt: Date | null;
  handshakeAt: Date | null;
  completedAt: Date | null;
  respondedAt: Date | null;
};
type TimelinePayment = { userId: string; paidAt: Date | null };

/** Refund reasons of payments that never counted for the swap (they were charged after it closed, or twice). */
export const NEVER_COUNTED = ["charged_twice", "paid_after_close", "hold_ended"];

/**
 * The spec's timeline: Proposed, Updated; once accepted, Accepted, Proposer Paid, Receiver Paid, Arranging (the
 * handshake: both paid) and Completed (both confirmed, or the quiet week passed; decision 096); Cancelled when rejected. Withdrawn and expired swaps end with that step. A party's Paid time
 * is when their fee was settled (`paidAt` of the payments that counted, earliest first).
 */
export function buildSwapTimeline(swap: TimelineSwap, payments: TimelinePayment[]): TimelineStep[] {
  const done = (label: string, at: Date | null): TimelineStep => ({ label, at, state: "done" });
  const steps: TimelineStep[] = [done("Proposed", swap.createdAt), done("Updated", swap.updatedAt)];
  const open = swap.status === "accepted" || swap.status === "arranging";
  const step = (label: string, at: Date | null): TimelineStep =>
    at ? done(label, at) : { label, at: null, state: open ? "waiting" : "never" };
  const paidAt = (userId: string) =>
    payments
      .filter((p) => p.userId === userId && p.paidAt)
      .map((p) => p.paidAt as Date)
      .sort((a, b) => a.getTime() - b.getTime())[0] ?? null;

  if (swap.acceptedAt) {
    steps.push(
      done("Accepted", swap.acceptedAt),
      step("Proposer Paid", paidAt(swap.proposerId)),
      step("Receiver Paid", paidAt(swap.receiverId)),
      step("Arranging", swap.handshakeAt),
      step("Completed", swap.completedAt),
    );
  }
  const closedAt = swap.respondedAt ?? swap.updatedAt;
  if (swap.status === "rejected") steps.push(done("Cancelled", closedAt));
  if (swap.status === "withdrawn") steps.push(done("Withdrawn", closedAt));
  if (swap.status === "expired") steps.push(done(swap.acceptedAt ? "Lapsed" : "Expired", swap.updatedAt));
  return steps;
}
