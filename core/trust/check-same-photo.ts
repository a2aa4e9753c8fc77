import { and, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { pictureHashes } from "#db/schema/trust-signals.ts";
import { hashBands, isPlainHash } from "../images/picture-hash";
import { rowsOf } from "../shared/sql-rows";
import { raiseSignal } from "./raise-signal";
import { SAME_PHOTO_MAX_DISTANCE, sameScore } from "./signal-rules";

export type SamePhotoMatch = {
  pictureKey: string;
  listingId: string;
  userId: string;
  title: string;
  email: string | null;
  distance: number;
};

/** How many of the closest hashes are looked up as listings (deleted ones are passed over). */
const CANDIDATES = 50;

/**
 * The pictures of OTHER accounts' listings (not deleted) within SAME_PHOTO_MAX_DISTANCE bits of `hash`, closest
 * and oldest first. Read through the band indexes: two hashes that close share at least one 16-bit band exactly,
 * so only the few rows with an equal band are compared bit by bit (bench/picture-hash-lookup.ts).
 */
export async function findSamePhotos(db: Db, { hash, userId }: { hash: string; userId: string }, limit = 5) {
  const [b0, b1, b2, b3] = hashBands(hash);
  const distance = sql<number>`bit_count((p.hash # ${hash}::bigint)::bit(64))::int`;
  // The closest hashes first, from picture_hashes alone; only those few are joined to their listings and owners. A
  // photo many listings share (a maker's product shot on 2,000 listings) then joins 50 rows, not 2,000.
  const result = await db.execute<SamePhotoMatch>(sql`
    select c.picture_key as "pictureKey", c.listing_id as "listingId", c.user_id as "userId", l.title, u.email,
      c.distance
    from (
      select p.picture_key, p.listing_id, p.user_id, p.created_at, ${distance} as distance
      from picture_hashes p
      where (p.band0 = ${b0} or p.band1 = ${b1} or p.band2 = ${b2} or p.band3 = ${b3})
        and p.user_id <> ${userId}
        and ${distance} <= ${SAME_PHOTO_MAX_DISTANCE}
      order by distance, p.created_at
      limit ${CANDIDATES}
    ) c
    join listings l on l.id = c.listing_id
    left join users u on u.id = c.user_id
    where l.status <> 'deleted'
    order by c.distance, c.created_at
    limit ${limit}`);
  return rowsOf<SamePhotoMatch>(result);
}

/**
 * Keeps the hashes of a listing's new pictures (and lets go of removed ones), in the transaction that saves the
 * listing, and raises one same_photo signal per other listing a new picture matches: "Same photo as listing "Red
 * kayak" by another account (jo@example.com)". The signal is about the later upload; the hold hides that listing.
 */
export async function recordPictureHashes(
  tx: Db,
  {
    listingId,
    userId,
    pictures,
    removedKeys = [],
    now,
  }: {
    listingId: string;
    userId: string;
    pictures: { key: string; hash: string }[];
    removedKeys?: string[];
    now: Date;
  },
) {
  if (removedKeys.length > 0)
    await tx
      .delete(pictureHashes)
      .where(and(inArray(pictureHashes.pictureKey, removedKeys), sql`${pictureHashes.listingId} = ${listingId}`));
  if (pictures.length === 0) return [];
  await tx
    .insert(pictureHashes)
    .values(
      pictures.map(({ key, hash }) => {
        const [band0, band1, band2, band3] = hashBands(hash);
        return { pictureKey: key, listingId, userId, hash: BigInt(hash), band0, band1, band2, band3, createdAt: now };
      }),
    )
    .onConflictDoNothing();
  const raised = [];
  const seen = new Set<string>();
  for (const picture of pictures) {
    if (isPlainHash(picture.hash)) continue;
    for (const match of await findSamePhotos(tx, { hash: picture.hash, userId })) {
      if (seen.has(match.listingId)) continue;
      seen.add(match.listingId);
      raised.push(
        await raiseSignal(tx, {
          kind: "same_photo",
          userId,
          listingId,
          score: sameScore(match.distance),
          explanation: `Same photo as listing "${match.title}" by another account${match.email ? ` (${match.email})` : ""}${match.distance === 0 ? "" : `: ${match.distance} of 64 bits differ`}.`,
          details: {
            otherListingId: match.listingId,
            otherUserId: match.userId,
            pictureKey: picture.key,
            otherPictureKey: match.pictureKey,
            distance: match.distance,
          },
          dedupeKey: `same_photo:${listingId}:${match.listingId}`,
          holds: "listing",
          now,
        }),
      );
    }
  }
  return raised;
}
