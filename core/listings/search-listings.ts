import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { LISTING_CATEGORIES, listings, type ListingCategory } from "../../db/schema/listings";
import { profiles } from "../../db/schema/profiles";
import { isPublicListing, listingCardColumns, type Viewer } from "./public-listings";

export type SearchInput = { q?: string; location?: string; category?: string; limit?: number; viewer?: Viewer };

/** Public listings matching words in the title or description, a category and a suburb/postcode. */
export async function searchListings(db: Db, { q, location, category, limit = 24, viewer = {} }: SearchInput) {
  const filters: SQL[] = [isPublicListing()];
  const words = (q ?? "").trim().slice(0, 100);
  if (words) {
    const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(listings.title, pattern), ilike(listings.description, pattern)) as SQL);
  }
  const place = (location ?? "").trim().slice(0, 100);
  if (place) {
    const pattern = `%${place.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(listings.suburb, pattern), eq(listings.postcode, place)) as SQL);
  }
  if (category && (LISTING_CATEGORIES as readonly string[]).includes(category)) {
    filters.push(eq(listings.category, category as ListingCategory));
  }
  return db
    .select(listingCardColumns(viewer))
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId))
    .where(and(...filters))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(limit);
}
