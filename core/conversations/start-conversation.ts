import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversations } from "#db/schema/conversations.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { isPublicListing } from "../listings/public-listings";
import { MemberLimitError, recordMemberLimitRefusal } from "../rate-limit/member-limits";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUuid } from "../shared/ids";
import { refuseUnlessBothActive } from "./conversation-guards";
import { hitConversationLimit } from "./conversation-limits";
import { refuseIfBlocked } from "./member-blocks";

export const LISTING_NOT_AVAILABLE = "This listing is no longer available";
export const OWN_LISTING_MESSAGE = "This is your own listing, so there's no one to message about it.";

/**
 * "Message" on a listing: opens the one thread for this listing and asker, or continues it. A new thread needs a
 * listing the public may see (the one visibility rule), an owner the asker has not blocked nor been blocked by, and
 * counts against the asker's new-thread limit; an existing one is continued even if the listing has since gone.
 * Nothing is written in the thread: the first message is sendMessage's.
 */
export async function askAboutListing(
  deps: { db: Db; clock: Clock },
  { listingId, askerId }: { listingId: string; askerId: string },
): Promise<{ id: string; created: boolean }> {
  if (!isUuid(listingId)) throw new AppError("NOT_FOUND", LISTING_NOT_AVAILABLE);
  try {
    return await deps.db.transaction(async (tx) => {
      const [listing] = await tx
        .select({
          ownerId: listings.userId,
          title: listings.title,
          isPublic: sql<boolean>`coalesce(${isPublicListing()}, false)`,
        })
        .from(listings)
        .leftJoin(profiles, eq(profiles.userId, listings.userId))
        .where(eq(listings.id, listingId));
      if (!listing) throw new AppError("NOT_FOUND", LISTING_NOT_AVAILABLE);
      if (listing.ownerId === askerId) throw new AppError("FORBIDDEN", OWN_LISTING_MESSAGE);
      const existing = await findThreadOf(tx, { listingId, askerId });
      if (!existing && !listing.isPublic) throw new AppError("NOT_FOUND", LISTING_NOT_AVAILABLE);
      await refuseIfBlocked(tx, askerId, listing.ownerId);
      if (existing) return { id: existing, created: false };

      const { senderJoinedAt } = await refuseUnlessBothActive(tx, { senderId: askerId, recipientId: listing.ownerId });
      const [made] = await tx
        .insert(conversations)
        .values({
          listingId,
          listingTitle: listing.title,
          askerId,
          ownerId: listing.ownerId,
          createdAt: deps.clock.now(),
        })
        .onConflictDoNothing({ target: [conversations.listingId, conversations.askerId] })
        .returning();
      // Two clicks at once: the other made it; this one continues it.
      if (!made) return { id: (await findThreadOf(tx, { listingId, askerId })) as string, created: false };
      await hitConversationLimit(
        { db: tx, clock: deps.clock },
        { userId: askerId, joinedAt: senderJoinedAt, what: "thread" },
      );
      return { id: made.id, created: true };
    });
  } catch (error) {
    // The refusal rolled the new thread back; its security event is written now, outside the transaction.
    if (error instanceof MemberLimitError) await recordMemberLimitRefusal(deps.db, askerId, error);
    throw error;
  }
}

async function findThreadOf(db: Db, { listingId, askerId }: { listingId: string; askerId: string }) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.listingId, listingId), eq(conversations.askerId, askerId)));
  return row?.id ?? null;
}
