import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationReads } from "#db/schema/conversations.ts";

/** Moves a member's "read up to" in a thread forward to `seq`, never back; returns where it now stands. */
export async function advanceReadPointer(
  db: Db,
  { conversationId, userId, seq, now }: { conversationId: string; userId: string; seq: number; now: Date },
): Promise<number> {
  const [read] = await db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadSeq: seq, updatedAt: now })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadSeq: sql`greatest(${conversationReads.lastReadSeq}, excluded.last_read_seq)`, updatedAt: now },
    })
    .returning();
  return Number(read.lastReadSeq);
}
