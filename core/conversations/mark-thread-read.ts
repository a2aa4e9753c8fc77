import { and, eq, max } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationMessages, conversationReads } from "#db/schema/conversations.ts";
import { publishLive } from "../live/publish-live";
import type { Clock } from "../shared/clock";
import { advanceReadPointer } from "./advance-read-pointer";
import { findThreadAsParticipant } from "./conversation-guards";

/**
 * A member has read a thread up to `upToSeq` (the last line their page showed; everything when not given). Never
 * moves back, and never past the thread's last line, so two tabs and a stale page cannot undo a later read. When
 * the pointer moved, both members' open tabs hear of it (their counts, the other's "Seen"); a read that changes
 * nothing publishes nothing, so a page read again on a live update does not start a round of updates.
 */
export async function markThreadRead(
  deps: { db: Db; clock: Clock },
  { conversationId, userId, upToSeq }: { conversationId: string; userId: string; upToSeq?: number },
): Promise<{ lastReadSeq: number }> {
  const thread = await findThreadAsParticipant(deps.db, { conversationId, userId });
  const [last] = await deps.db
    .select({ seq: max(conversationMessages.seq) })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, thread.id));
  const lastSeq = Number(last?.seq ?? 0);
  const seq =
    upToSeq === undefined || !Number.isSafeInteger(upToSeq) ? lastSeq : Math.min(Math.max(upToSeq, 0), lastSeq);
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ seq: conversationReads.lastReadSeq })
      .from(conversationReads)
      .where(and(eq(conversationReads.conversationId, thread.id), eq(conversationReads.userId, userId)));
    const lastReadSeq = await advanceReadPointer(tx, {
      conversationId: thread.id,
      userId,
      seq,
      now: deps.clock.now(),
    });
    if (lastReadSeq > Number(before?.seq ?? 0)) {
      await publishLive(tx, { t: "read", to: [userId, thread.otherId], c: thread.id, u: userId, s: lastReadSeq });
    }
    return { lastReadSeq };
  });
}
