import { asc, desc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationMessages, conversations, type MessagePicture, memberBlocks } from "#db/schema/conversations.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { contactDetailsUnlocked, type MaskContactDetails, textForViewer } from "./contact-mask";
import { imageUrl } from "../images/image-urls";
import { memberName, otherMemberId, otherProfile, otherUser } from "./thread-columns";

/**
 * A member's conversations for their data download: each thread with every line in it, the member's own words as
 * written and the other member's as the member sees them on the page (masked until both fees are paid: the download
 * must not hand over what the fee pays for), and whom they have blocked. Part of the member's own download
 * (exportOwnData); staff's export of a member leaves it out.
 */
export async function collectConversationData(
  deps: { db: Db; mask: MaskContactDetails },
  { userId }: { userId: string },
) {
  const { db } = deps;
  const otherId = otherMemberId(conversations, userId);
  const threads = await db
    .select({
      id: conversations.id,
      listingId: conversations.listingId,
      listingTitle: conversations.listingTitle,
      role: conversations.askerId,
      otherMember: memberName(otherUser, otherProfile),
      swapId: conversations.swapId,
      unlocked: contactDetailsUnlocked(),
      createdAt: conversations.createdAt,
      lastMessageAt: conversations.lastMessageAt,
    })
    .from(conversations)
    .leftJoin(swapProposals, eq(swapProposals.id, conversations.swapId))
    .leftJoin(otherUser, eq(otherUser.id, otherId))
    .leftJoin(otherProfile, eq(otherProfile.userId, otherId))
    .where(or(eq(conversations.askerId, userId), eq(conversations.ownerId, userId)))
    .orderBy(desc(conversations.createdAt));
  const lines = threads.length
    ? await db
        .select()
        .from(conversationMessages)
        .where(
          inArray(
            conversationMessages.conversationId,
            threads.map((t) => t.id),
          ),
        )
        .orderBy(asc(conversationMessages.seq))
    : [];
  return {
    conversations: threads.map(({ unlocked, role, ...thread }) => ({
      ...thread,
      role: role === userId ? ("asker" as const) : ("owner" as const),
      messages: lines
        .filter((line) => line.conversationId === thread.id)
        .map((line) => ({
          sentByMe: line.senderId === userId,
          kind: line.kind,
          text: textForViewer(deps.mask, line, { viewerId: userId, unlocked: Boolean(unlocked) }).body,
          // The member's own pictures, where they are served (to the thread's two members) while the message is there.
          pictures: line.senderId === userId ? line.pictures.map(largestUrl) : [],
          event: line.eventKind,
          removed: line.removedAt !== null,
          createdAt: line.createdAt,
        })),
    })),
    blockedMembers: await db
      .select({ memberId: memberBlocks.blockedId, createdAt: memberBlocks.createdAt })
      .from(memberBlocks)
      .where(eq(memberBlocks.blockerId, userId)),
  };
}

/** A picture's largest stored width's address. */
const largestUrl = (picture: MessagePicture) => imageUrl(picture, Math.max(...picture.widths));

export type ConversationData = Awaited<ReturnType<typeof collectConversationData>>;
