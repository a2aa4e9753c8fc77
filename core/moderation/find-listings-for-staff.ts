import { and, desc, eq, ilike, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { LISTING_CATEGORIES } from "../../db/schema/listing-values";
import { LISTING_STATUSES, listings, MODERATION_STATUSES } from "../../db/schema/listings";
import { likeText } from "../members/find-members";

export const STAFF_LISTINGS_PAGE_SIZE = 50;

export type StaffListingFilters = { q?: string; moderation?: string; status?: string; category?: string; cursor?: string };

const oneOf = (values: readonly string[], value: string | undefined) => (value && values.includes(value) ? value : undefined);

function decodeCursor(cursor: string | undefined) {
  const [at, id] = (cursor ?? "").split("|");
  const createdAt = new Date(at ?? "");
  return id && /^[0-9a-f-]{36}$/i.test(id) && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : null;
}

/**
 * Every listing for the back office, with its owner's name, newest first, a page at a time (keyset on
 * created_at, id): search by title, filter by moderation status, status and category (the ten member-side values).
 */
export async function findListingsForStaff(db: Db, filters: StaffListingFilters, limit = STAFF_LISTINGS_PAGE_SIZE) {
  const q = filters.q?.trim().slice(0, 100);
  const moderation = oneOf(MODERATION_STATUSES, filters.moderation);
  const status = oneOf(LISTING_STATUSES, filters.status);
  const category = oneOf(LISTING_CATEGORIES, filters.category);
  const after = decodeCursor(filters.cursor);
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      category: listings.category,
      status: listings.status,
      moderationStatus: listings.moderationStatus,
      isFlagged: listings.isFlagged,
      takedownReason: listings.takedownReason,
      createdAt: listings.createdAt,
      ownerId: listings.userId,
      ownerName: users.name,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(
      and(
        q ? ilike(listings.title, likeText(q)) : undefined,
        moderation ? eq(listings.moderationStatus, moderation as "approved") : undefined,
        status ? eq(listings.status, status as "active") : undefined,
        category ? eq(listings.category, category as "electronics") : undefined,
        after ? or(lt(listings.createdAt, after.createdAt), and(eq(listings.createdAt, after.createdAt), lt(listings.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { listings: page, nextCursor: rows.length > limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null };
}
