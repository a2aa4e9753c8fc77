import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { contactDetailAttempts, conversationMessages, memberBlocks } from "#db/schema/conversations.ts";
import { releaseMessagePictures } from "./message-pictures";

/**
 * The conversations' part of purging a member whose 30 days after deletion are up, in the purge's transaction
 * (purgeDeletedMembers' purgeOne): the words of every message they wrote go (the line stays, marked removed, so the
 * other member's thread keeps its shape and shows "Deleted member"), and so do their contact-detail attempts and
 * the blocks they made. Threads, event lines and the other member's words stay. Idempotent. Their pictures' files
 * are noted as removable in the same transaction: returns the note for deleteMessagePictures after the commit
 * (null when they sent none); the scheduler's sweep deletes them if nothing else does (decision 087).
 */
export async function purgeMemberMessages(
  tx: Db,
  { userId, now }: { userId: string; now: Date },
): Promise<string | null> {
  const pictures = await releaseMessagePictures(tx, { senderId: userId, now });
  await tx
    .update(conversationMessages)
    .set({ body: null, pictures: [], maskedKinds: [], removedAt: now })
    .where(
      and(
        eq(conversationMessages.senderId, userId),
        eq(conversationMessages.kind, "text"),
        isNull(conversationMessages.removedAt),
      ),
    );
  await tx.delete(contactDetailAttempts).where(eq(contactDetailAttempts.userId, userId));
  await tx.delete(memberBlocks).where(eq(memberBlocks.blockerId, userId));
  return pictures;
}
