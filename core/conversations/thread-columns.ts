import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { users } from "#db/schema/auth.ts";
import { conversations } from "#db/schema/conversations.ts";
import { type ListingImage, listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";

/** How a member whose account was deleted appears in the other member's threads (as the purge renames them). */
export const DELETED_MEMBER_NAME = "Deleted member";

/** The member across a thread from `viewerId`: the asker's other is the owner, and the other way round. */
export function otherMemberId(thread: { askerId: AnyPgColumn; ownerId: AnyPgColumn }, viewerId: string): SQL<string> {
  return sql<string>`case when ${thread.askerId} = ${viewerId} then ${thread.ownerId} else ${thread.askerId} end`;
}

/** A member's name in a thread: "Deleted member" from the day they delete their account, not only after the purge. */
export function memberName(user: { name: AnyPgColumn }, profile: { deletedAt: AnyPgColumn }): SQL<string> {
  return sql<string>`case when ${profile.deletedAt} is not null then ${DELETED_MEMBER_NAME} else ${user.name} end`;
}

/** The member's picture in a thread: none from the day they delete their account, as their name goes. */
export function memberAvatarUrl(profile: { deletedAt: AnyPgColumn; avatarUrl: AnyPgColumn }): SQL<string | null> {
  return sql<string | null>`case when ${profile.deletedAt} is null then ${profile.avatarUrl} end`;
}

/** The member across the thread, for queries that join them (on otherMemberId) beside the thread's own rows. */
export const otherUser = alias(users, "other_user");
export const otherProfile = alias(profiles, "other_profile");

/** What threadListing() reads; select them from conversations left-joined with listings. */
export const threadListingColumns = {
  listingId: conversations.listingId,
  keptTitle: conversations.listingTitle,
  listingTitle: listings.title,
  listingStatus: listings.status,
  images: listings.images,
};

/** The thread's listing as the inbox and the thread page show it: its current title, or the one kept when it went. */
export type ThreadListing = { id: string | null; title: string; picture: ListingImage | null };

export function threadListing(row: {
  listingId: string | null;
  listingTitle: string | null;
  keptTitle: string;
  images: ListingImage[] | null;
  listingStatus: string | null;
}): ThreadListing {
  const gone = row.listingId === null || row.listingStatus === "deleted";
  return {
    id: row.listingId,
    title: row.listingTitle ?? row.keptTitle,
    // A deleted listing's pictures may already be gone from storage; the card shows the title alone.
    picture: gone ? null : (row.images?.[0] ?? null),
  };
}
