import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { LISTING_CATEGORIES } from "#db/schema/listing-values.ts";
import { LISTING_STATUSES, listings, MODERATION_STATUSES } from "#db/schema/listings.ts";
import { likeText } from "../shared/sql-like";
import { isUuid } from "../shared/ids";
import { listingStateColumns } from "./listing-state-columns";
import { afterRow, pageOf } from "../shared/keyset-cursor";

export const STAFF_LISTINGS_PAGE_SIZE = 50;

export type StaffListingFilters = {
  q?: string;
  moderation?: string;
  status?: string;
  category?: string;
  cursor?: string;
};

const oneOf = (values: readonly string[], value: string | undefined) =>
  value && values.includes(value) ? value : undefined;

/** The filters as one condition, shared by the page and its count so the two always agree. */
function listingWhere(filters: StaffListingFilters): SQL | undefined {
  const q = filters.q?.trim().slice(0, 100);
  const moderation = oneOf(MODERATION_STATUSES, filters.moderation);
  const status = oneOf(LISTING_STATUSES, filters.status);
  const category = oneOf(LISTING_CATEGORIES, filters.category);
  return and(
    q ? ilike(listings.title, likeText(q)) : undefined,
    moderation ? eq(listings.moderationStatus, moderation as "approved") : undefined,
    status ? eq(listings.status, status as "active") : undefined,
    category ? eq(listings.category, category as "electronics") : undefined,
  );
}

/** How many listings match the filters in all pages (the Listings page's total). */
export async function countListingsForStaff(db: Db, filters: StaffListingFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listings).where(listingWhere(filters));
  return Number(row?.n ?? 0);
}

/**
 * Every listing for the back office, with its owner's name, newest first, a page at a time (keyset on
 * created_at, id): search by title, filter by moderation status, status and category (the ten member-side values).
 */
export async function findListingsForStaff(db: Db, filters: StaffListingFilters, limit = STAFF_LISTINGS_PAGE_SIZE) {
  // Listing ids are UUIDs: anything else in a cursor is a first page, not a database error.
  const after = isUuid(filters.cursor) ? filters.cursor : null;
  const rows = await db
    .select({
      ...listingStateColumns,
      category: listings.category,
      isFlagged: listings.isFlagged,
      takedownReason: listings.takedownReason,
      createdAt: listings.createdAt,
      ownerId: listings.userId,
      ownerName: users.name,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(and(listingWhere(filters), afterRow(listings, { createdAt: listings.createdAt, id: listings.id }, after)))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  return { listings: page, nextCursor };
}
