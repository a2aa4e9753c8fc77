import type { ThreadEventKind } from "#db/schema/conversations.ts";
import { formatDayAndTime } from "#core/shared/time.ts";

/** An arranging step's line (core/swaps/record-swap-step.ts), or null when the line is not one. */
function stepText(kind: ThreadEventKind, payload: Record<string, unknown>, who: string): string | null {
  const when = typeof payload.meetAt === "string" ? formatDayAndTime(payload.meetAt) : "";
  const where = typeof payload.place === "string" ? payload.place : "";
  switch (kind) {
    case "meeting_proposed":
      return `${who} proposed meeting ${when} at ${where}`;
    case "meeting_agreed":
      return `${who} agreed to meet ${when} at ${where}`;
    case "swapped":
      return `${who} confirmed: we've swapped`;
    case "completed":
      return payload.how === "timed_out"
        ? "The swap is complete: a week passed since the handshake with no problem reported"
        : "You've both confirmed: the swap is complete";
    default:
      return null;
  }
}

/**
 * What an event line says, from the reader's side: "You proposed a swap" or "Sam proposed a swap". `actor` is who
 * did it ("You", the other member's name), or null for what nobody did.
 */
export function threadEventText(
  event: { kind: ThreadEventKind; payload: Record<string, unknown> },
  actor: string | null,
): string {
  const who = actor ?? "Someone";
  const step = stepText(event.kind, event.payload, who);
  if (step !== null) return step;
  switch (event.kind) {
    case "proposal":
      return `${who} proposed a swap`;
    case "accepted":
      return `${who} accepted the swap`;
    case "paid":
      return event.payload.completed
        ? `${who} paid the handshake fee. Contact details are shared: arrange a time and place`
        : `${who} paid the handshake fee`;
    case "countered": {
      // Decision 103: what that round put on the table, as it was then (titles from the actor's side).
      const list = (value: unknown) =>
        Array.isArray(value) ? value.filter((t): t is string => typeof t === "string").join(" + ") : "";
      const gives = list(event.payload.gives);
      const gets = list(event.payload.gets);
      return gives && gets ? `${who} sent a counter-offer: ${gives} for ${gets}` : `${who} sent a counter-offer`;
    }
    case "review": {
      const rating = Number(event.payload.rating);
      return Number.isInteger(rating) ? `${who} left a review (${rating} of 5 stars)` : `${who} left a review`;
    }
    default:
      return "";
  }
}
