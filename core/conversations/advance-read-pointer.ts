import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationReads, conversations } from "#db/schema/conversations.ts";

/**
 * Moves a member's "read up to" in a thread forward to `seq`, never back; returns where it now stands. The thread
 * stops waiting for them once the pointer is at its last line. The thread's row is read with a lock first: a line
 * being sent holds it until it commits, so the read sees that line's seq and never clears the flag past it.
 */
export async function advanceReadPointer(
  db: Db,
  { conversationId, userId, seq, now }: { conversationId: string; userId: string; seq: number; now: Date },
): Promise<number> {
  const [thread] = await db
    .select({ lastSeq: conversations.lastSeq })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for("share");
  const lastSeq = Number(thread?.lastSeq ?? 0);
  const [read] = await db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadSeq: seq, waiting: seq < lastSeq, updatedAt: now })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: {
        lastReadSeq: sql`greatest(${conversationReads.lastReadSeq}, excluded.last_read_seq)`,
        waiting: sql`greatest(${conversationReads.lastReadSeq}, excluded.last_read_seq) < ${lastSeq}`,
        updatedAt: now,
      },
    })
    .returning();
  return Number(read.lastReadSeq);
}

/**
 * A line went into the thread that these members did not write: the thread waits for each of them (a read row is
 * made for a member who never opened it). In the transaction that adds the line, after `last_seq` moved.
 */
export async function markThreadWaiting(
  db: Db,
  { conversationId, userIds, now }: { conversationId: string; userIds: string[]; now: Date },
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(conversationReads)
    .values(userIds.map((userId) => ({ conversationId, userId, lastReadSeq: 0, waiting: true, updatedAt: now })))
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { waiting: true, updatedAt: now },
    });
}
