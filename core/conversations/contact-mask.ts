import { and, eq, type SQL, sql } from "drizzle-orm";
import { swapProposals } from "#db/schema/swaps.ts";

/**
 * The contact-detail rule as the conversations need it: the text with phone numbers, addresses, links and handles
 * masked, and the kinds it found (empty when none). The rule itself is core/conversations/contact-details.ts's
 * `maskContactDetails`; the use cases take it as a dependency so that it stays the only one.
 */
export type MaskContactDetails = (text: string) => { text: string; masked: string[] };

/**
 * Whether contact details in the thread are shown as written: once both fees of its swap are paid (accepted, or
 * completed; a fee waived counts as paid). Requires the thread's swap left-joined (no swap: masked).
 */
export function contactDetailsUnlocked(): SQL<boolean> {
  return sql<boolean>`coalesce(${and(
    sql`${swapProposals.status} in ('accepted', 'arranging', 'completed')`,
    eq(swapProposals.proposerPaid, true),
    eq(swapProposals.receiverPaid, true),
  )}, false)`;
}

/** A line's words as `viewerId` sees them: their own as written, the other member's masked until the thread unlocks. */
export function textForViewer(
  mask: MaskContactDetails,
  line: { body: string | null; senderId: string | null },
  { viewerId, unlocked }: { viewerId: string; unlocked: boolean },
): { body: string | null; masked: boolean } {
  if (line.body === null || unlocked || line.senderId === viewerId) return { body: line.body, masked: false };
  const shown = mask(line.body);
  return { body: shown.text, masked: shown.masked.length > 0 };
}
