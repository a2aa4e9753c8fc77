import { and, desc, eq, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { distanceKmSql } from "../locations/distance";
import { isPublicListing, listingCardColumns, type Viewer } from "./public-listings";

export const RELATED_COUNT = 6;
/** Listings sharing a word that are weighed against each other: the newest this many, so a common word costs no more. */
const WORD_CANDIDATES = 300;

/** What "More like this" is measured from: the listing itself (live or gone). */
export type RelatedTo = {
  id: string;
  title: string;
  category: string;
  ownerId: string;
  latitude: number | null;
  longitude: number | null;
};

const cards = (db: Db, viewer: Viewer) =>
  db
    .select(listingCardColumns(viewer))
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .leftJoin(profiles, eq(profiles.userId, listings.userId));

/**
 * "More like this": public listings in the same category, those sharing a word of the title first (title over
 * category words over description, as search weighs them), then the nearest to the item; topped up with the
 * category's newest when few share a word. Other members' listings only: the owner's are "More from this member".
 */
export async function findSimilarListings(db: Db, { to, viewer = {} }: { to: RelatedTo; viewer?: Viewer }) {
  // Any word of the title (stemmed, stop words dropped), not all of them: "Honda CB500X motorbike" is like any Honda.
  const query = sql`replace(plainto_tsquery('english', ${to.title})::text, '&', '|')::tsquery`;
  const near =
    to.latitude != null && to.longitude != null
      ? distanceKmSql(listings.latitude, listings.longitude, to.latitude, to.longitude)
      : sql`null::float8`;
  const others = and(
    isPublicListing(),
    eq(listings.category, to.category as never),
    ne(listings.id, to.id),
    ne(listings.userId, to.ownerId),
  ) as SQL;
  const candidates = sql`select l.id from ${listings} l where l.status = 'active' and l.category = ${to.category}
    and l.search_vector @@ ${query} order by l.created_at desc limit ${sql.raw(String(WORD_CANDIDATES))}`;
  const alike = await cards(db, viewer)
    .where(and(others, sql`${listings.id} in (${candidates})`))
    .orderBy(sql`ts_rank(${listings.searchVector}, ${query}) desc`, sql`${near} asc nulls last`, desc(listings.id))
    .limit(RELATED_COUNT);
  if (alike.length >= RELATED_COUNT) return alike;
  const seen = alike.map((listing) => listing.id);
  const newest = await cards(db, viewer)
    .where(seen.length > 0 ? and(others, notInArray(listings.id, seen)) : others)
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(RELATED_COUNT - alike.length);
  return [...alike, ...newest];
}

/** "More from this member": the owner's other public listings, newest first. */
export async function findMoreFromMember(db: Db, { to, viewer = {} }: { to: RelatedTo; viewer?: Viewer }) {
  return cards(db, viewer)
    .where(and(isPublicListing(), eq(listings.userId, to.ownerId), ne(listings.id, to.id)))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(RELATED_COUNT);
}

/**
 * Both rows under a listing's page, live or gone: read from the listing itself (any status: the page calling this
 * has already decided the visitor may see it).
 */
export async function findRelatedListings(db: Db, { listingId, viewer = {} }: { listingId: string; viewer?: Viewer }) {
  const [to] = await db
    .select({
      id: listings.id,
      title: listings.title,
      category: listings.category,
      ownerId: listings.userId,
      latitude: listings.latitude,
      longitude: listings.longitude,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!to) return { similar: [], fromMember: [] };
  const similar = await findSimilarListings(db, { to, viewer });
  const fromMember = await findMoreFromMember(db, { to, viewer });
  return { similar, fromMember };
}
