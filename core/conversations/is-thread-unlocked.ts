import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversations } from "#db/schema/conversations.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { contactDetailsUnlocked } from "./contact-mask";

/**
 * Whether both fees of the thread's deal are paid, so that nothing in it is masked for either member: what a sender
 * is told after sending (the rule's findings are masked for the other member only while this is false).
 */
export async function isThreadUnlocked(db: Db, conversationId: string): Promise<boolean> {
  const [row] = await db
    .select({ unlocked: contactDetailsUnlocked() })
    .from(conversations)
    .leftJoin(swapProposals, eq(swapProposals.id, conversations.swapId))
    .where(eq(conversations.id, conversationId));
  return Boolean(row?.unlocked);
}
