import type { ThreadEventKind } from "#db/schema/conversations.ts";

/**
 * What an event line says, from the reader's side: "You proposed a swap" or "Sam proposed a swap". `actor` is who
 * did it ("You", the other member's name), or null for what nobody did.
 */
export function threadEventText(
  event: { kind: ThreadEventKind; payload: Record<string, unknown> },
  actor: string | null,
): string {
  const who = actor ?? "Someone";
  switch (event.kind) {
    case "proposal":
      return `${who} proposed a swap`;
    case "accepted":
      return `${who} accepted the swap`;
    case "paid":
      return event.payload.completed
        ? `${who} paid the handshake fee. The swap is complete`
        : `${who} paid the handshake fee`;
    case "review": {
      const rating = Number(event.payload.rating);
      return Number.isInteger(rating) ? `${who} left a review (${rating} of 5 stars)` : `${who} left a review`;
    }
  }
}
