import { eq, max } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationMessages } from "#db/schema/conversations.ts";
import type { Clock } from "../shared/clock";
import { advanceReadPointer } from "./advance-read-pointer";
import { findThreadAsParticipant } from "./conversation-guards";

/**
 * A member has read a thread up to `upToSeq` (the last line their page showed; everything when not given). Never
 * moves back, and never past the thread's last line, so two tabs and a stale page cannot undo a later read.
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
  const lastReadSeq = await advanceReadPointer(deps.db, {
    conversationId: thread.id,
    userId,
    seq,
    now: deps.clock.now(),
  });
  return { lastReadSeq };
}
