import { type SQL, sql } from "drizzle-orm";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { distanceKmSql } from "../locations/distance";
import { shownNameSql } from "../members/shown-name-sql";

/**
 * The one rule for what the public may see: an active, approved listing whose owner is neither suspended nor
 * deleted. Every public query (home, search, listing page) uses it, so they cannot disagree. "Approved" hides a
 * listing held for review (moderation status pending, set by auto takedown) from everyone but its owner.
 * Requires `profiles` joined on the listing's owner.
 */
export function isPublicListing(): SQL {
  // The statuses are written into the SQL rather than bound: they are constants, the planner can then match
  // the partial indexes on `status = 'active'` in any plan, and a statement whose only values are these
  // constants can keep one generic plan (prepared once, never planned again).
  return sql`${listings.status} = 'active' and ${listings.moderationStatus} = 'approved' and (${profiles.userId} is null or (${profiles.status} <> 'suspended' and ${profiles.deletedAt} is null))`;
}

/** Who is looking: their favourites are marked and distances measured from their point. */
export type Viewer = { userId?: string | null; point?: { latitude: number; longitude: number } | null };

/** What a listing card shows; select from listings joined with users (owner) and left-joined with profiles (owner). */
export function listingCardColumns(viewer: Viewer = {}) {
  return {
    id: listings.id,
    title: listings.title,
    category: listings.category,
    condition: listings.condition,
    valueMin: listings.valueMin,
    valueMax: listings.valueMax,
    location: listings.location,
    images: listings.images,
    status: listings.status,
    createdAt: listings.createdAt,
    ownerId: listings.userId,
    // As the owner chose to be named in public ("Sam T." unless they chose their full name).
    ownerName: sql<string>`coalesce(${shownNameSql(users.name, profiles.nameDisplay)}, '')`,
    ownerVerified: users.emailVerified,
    // From the owner's profile row (kept by a trigger on reviews), not an aggregate over reviews per card.
    ownerRating: sql<number | null>`${profiles.ratingAverage}`,
    ownerReviewCount: sql<number>`coalesce(${profiles.reviewCount}, 0)`,
    isFavourite: viewer.userId
      ? sql<boolean>`exists(select 1 from favourites f where f.listing_id = ${listings.id} and f.user_id = ${viewer.userId})`
      : sql<boolean>`false`,
    distanceKm: viewer.point
      ? distanceKmSql(listings.latitude, listings.longitude, viewer.point.latitude, viewer.point.longitude)
      : sql<number | null>`null::float8`,
  };
}
