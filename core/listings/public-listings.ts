import { and, eq, isNull, ne, or, type SQL } from "drizzle-orm";
import { listings } from "../../db/schema/listings";
import { profiles } from "../../db/schema/profiles";
import { users } from "../../db/schema/auth";

/**
 * The one rule for what the public may see: an active listing whose owner is neither suspended nor
 * deleted. Every public query (home, search, listing page) uses it, so they cannot disagree.
 * Requires `profiles` joined on the listing's owner.
 */
export function isPublicListing(): SQL {
  return and(
    eq(listings.status, "active"),
    or(isNull(profiles.userId), and(ne(profiles.status, "suspended"), isNull(profiles.deletedAt))),
  ) as SQL;
}

/** What a listing card shows; select from listings joined with users (owner) and profiles. */
export const listingSummaryColumns = {
  id: listings.id,
  title: listings.title,
  category: listings.category,
  condition: listings.condition,
  valueMin: listings.valueMin,
  valueMax: listings.valueMax,
  location: listings.location,
  images: listings.images,
  createdAt: listings.createdAt,
  ownerName: users.name,
  ownerVerified: users.emailVerified,
};
