import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { conversationMessages, conversationReads, conversations } from "#db/schema/conversations.ts";
import { listings } from "#db/schema/listings.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { contactDetailsUnlocked, type MaskContactDetails, textForViewer } from "./contact-mask";
import { findThreadAsParticipant } from "./conversation-guards";
import { findRemovedByStaff } from "./removed-by-staff";
import { isBlockedBetween } from "./member-blocks";
import type { ThreadLine } from "./thread-line";
import {
  memberAvatarUrl,
  memberName,
  otherProfile,
  otherUser,
  type ThreadListing,
  threadListing,
  threadListingColumns,
} from "./thread-columns";

export type { ThreadLine };

export type ThreadPage = {
  thread: {
    id: string;
    listing: ThreadListing;
    other: { id: string; name: string; avatarUrl: string | null };
    swapId: string | null;
    /** Both fees of the thread's swap are paid: nothing is masked. */
    unlocked: boolean;
    /** Either member has blocked the other: the thread is read-only. */
    blocked: boolean;
  };
  /** Oldest first. */
  lines: ThreadLine[];
  /** The cursor for the lines before these, or null at the thread's start. */
  olderCursor: string | null;
  /** How far the other member has read: "Seen" goes on this member's last line at or before it. */
  seenUpTo: number;
  /** How far this member had read before this page. */
  lastReadSeq: number;
};

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;
const otherRead = alias(conversationReads, "other_read");
const myRead = alias(conversationReads, "my_read");

/** A line cursor is its seq; anything else means none. */
export function seqCursor(cursor: string | null | undefined): number | null {
  return cursor && /^[0-9]{1,15}$/.test(cursor) ? Number(cursor) : null;
}

/**
 * A thread for one of its two members: the latest lines (or those before `before`, or the new ones after `after`),
 * oldest first, each masked for this member as the rule says, and how far the other member has read. Anyone else
 * is told the thread does not exist.
 */
export async function findThread(
  deps: { db: Db; mask: MaskContactDetails },
  {
    conversationId,
    viewerId,
    before,
    after,
    limit = DEFAULT_LIMIT,
  }: { conversationId: string; viewerId: string; before?: string | null; after?: string | null; limit?: number },
): Promise<ThreadPage> {
  const { db } = deps;
  const participant = await findThreadAsParticipant(db, { conversationId, userId: viewerId });
  const [row] = await db
    .select({
      id: conversations.id,
      ...threadListingColumns,
      swapId: conversations.swapId,
      otherName: memberName(otherUser, otherProfile),
      otherAvatarUrl: memberAvatarUrl(otherProfile),
      unlocked: contactDetailsUnlocked(),
      seenUpTo: otherRead.lastReadSeq,
      lastReadSeq: myRead.lastReadSeq,
    })
    .from(conversations)
    .leftJoin(listings, eq(listings.id, conversations.listingId))
    .leftJoin(swapProposals, eq(swapProposals.id, conversations.swapId))
    .leftJoin(otherUser, eq(otherUser.id, participant.otherId))
    .leftJoin(otherProfile, eq(otherProfile.userId, participant.otherId))
    .leftJoin(otherRead, and(eq(otherRead.conversationId, conversations.id), eq(otherRead.userId, participant.otherId)))
    .leftJoin(myRead, and(eq(myRead.conversationId, conversations.id), eq(myRead.userId, viewerId)))
    .where(eq(conversations.id, participant.id));

  const size = Math.min(Math.max(Math.trunc(limit), 1), MAX_LIMIT);
  const afterSeq = seqCursor(after);
  const beforeSeq = seqCursor(before);
  const inThread = eq(conversationMessages.conversationId, participant.id);
  const fetched = await db
    .select()
    .from(conversationMessages)
    .where(
      afterSeq !== null
        ? and(inThread, gt(conversationMessages.seq, afterSeq))
        : and(inThread, beforeSeq !== null ? lt(conversationMessages.seq, beforeSeq) : undefined),
    )
    // New lines read forward from `after`; a page of history reads back from the end (or from `before`).
    .orderBy(afterSeq !== null ? asc(conversationMessages.seq) : desc(conversationMessages.seq))
    .limit(size + 1);
  const page = fetched.slice(0, size);
  const oldestFirst = afterSeq !== null ? page : page.reverse();
  const hasOlder = afterSeq === null && fetched.length > size;
  const unlocked = Boolean(row.unlocked);
  const removedByStaff = await findRemovedByStaff(
    db,
    oldestFirst.filter((line) => line.removedAt !== null).map((line) => line.id),
  );

  return {
    thread: {
      id: row.id,
      listing: threadListing(row),
      other: { id: participant.otherId, name: row.otherName, avatarUrl: row.otherAvatarUrl ?? null },
      swapId: row.swapId,
      unlocked,
      blocked: await isBlockedBetween(db, viewerId, participant.otherId),
    },
    lines: oldestFirst.map((line) => ({
      id: line.id,
      seq: line.seq,
      kind: line.kind,
      senderId: line.senderId,
      mine: line.senderId === viewerId,
      ...textForViewer(deps.mask, line, { viewerId, unlocked }),
      pictures: line.pictures,
      removed: line.removedAt !== null,
      removedByStaff: removedByStaff.has(line.id),
      event: line.eventKind ? { kind: line.eventKind, payload: line.eventPayload ?? {} } : null,
      createdAt: line.createdAt,
    })),
    olderCursor: hasOlder && oldestFirst[0] ? String(oldestFirst[0].seq) : null,
    seenUpTo: Number(row.seenUpTo ?? 0),
    lastReadSeq: Number(row.lastReadSeq ?? 0),
  };
}
