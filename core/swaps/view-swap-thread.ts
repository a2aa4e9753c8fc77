import { desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { conversationMessages, conversations } from "#db/schema/conversations.ts";
import { swapProblems } from "#db/schema/swaps.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { isUuid } from "../shared/ids";
import type { StaffActor } from "../staff/pass-staff-gate";

/** The most lines the staff view of a swap's thread shows (the latest). */
export const SWAP_THREAD_LINES = 100;
/** The audit log's action for opening a swap's thread (decision 097). */
export const VIEW_SWAP_THREAD = "view_swap_thread";

const sender = alias(users, "sender");

/**
 * Staff read the thread of a swap a member reported a problem on (decision 097): its latest 100 lines as written
 * (never masked: staff judge what was said), who wrote each. Like a message report (decision 086), this read is
 * the reason staff may see members' messages, so it is allowed only while the swap has a reported problem, and
 * writes one audit row in the same transaction. Null when the swap has no problem or no thread.
 */
export async function viewSwapThread(db: Db, { actor, swapId }: { actor: StaffActor; swapId: string }) {
  if (!isUuid(swapId)) return null;
  return db.transaction(async (tx) => {
    const [problem] = await tx
      .select({ id: swapProblems.id })
      .from(swapProblems)
      .where(eq(swapProblems.swapProposalId, swapId))
      .limit(1);
    if (!problem) return null;
    const [thread] = await tx
      .select({ id: conversations.id, listingTitle: conversations.listingTitle })
      .from(conversations)
      .where(eq(conversations.swapId, swapId))
      .limit(1);
    if (!thread) return null;
    const rows = await tx
      .select({
        id: conversationMessages.id,
        seq: conversationMessages.seq,
        kind: conversationMessages.kind,
        senderName: sender.name,
        body: conversationMessages.body,
        pictures: sql<number>`jsonb_array_length(${conversationMessages.pictures})`,
        eventKind: conversationMessages.eventKind,
        removedAt: conversationMessages.removedAt,
        createdAt: conversationMessages.createdAt,
      })
      .from(conversationMessages)
      .leftJoin(sender, eq(sender.id, conversationMessages.senderId))
      .where(eq(conversationMessages.conversationId, thread.id))
      .orderBy(desc(conversationMessages.seq))
      .limit(SWAP_THREAD_LINES);
    await recordAdminAction(tx, {
      actorId: actor.userId,
      action: VIEW_SWAP_THREAD,
      targetType: "swap",
      targetId: swapId,
      metadata: { conversation_id: thread.id, lines: rows.length },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return {
      threadId: thread.id,
      listingTitle: thread.listingTitle,
      lines: rows.reverse().map(({ removedAt, ...line }) => ({ ...line, removed: removedAt !== null })),
    };
  });
}
