import { and, eq, inArray, isNotNull, lte, not, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { accounts, sessions, twoFactors, users } from "#db/schema/auth.ts";
import { favourites } from "#db/schema/favourites.ts";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { type ListingImage, listings } from "#db/schema/listings.ts";
import { phoneConfirmations } from "#db/schema/phone-confirmations.ts";
import { smsOutbox } from "#db/schema/ops.ts";
import { profiles } from "#db/schema/profiles.ts";
import { reviews } from "#db/schema/swaps.ts";
import { avatarKeyOf } from "../images/avatar-urls";
import { pictureKeys } from "../images/picture-keys";
import type { FileStorage } from "../storage/storage";
import type { Clock } from "../shared/clock";
import { deleteMessagePictures } from "../conversations/message-pictures";
import { purgeMemberMessages } from "../conversations/purge-member-messages";
import { logger } from "../shared/logger";
import { listingsWithSwapHistory } from "../swaps/deal-items";

/** A purged member's e-mail: unique, undeliverable, and how the purge knows it already ran for them. */
const purgedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;
const PURGED_NAME = "Deleted member";

/**
 * Purges members whose 30 days after deletion are up: their personal data goes (name, e-mail, phone, location,
 * avatar, password and two-factor keys, sessions, favourites, review texts, listing descriptions and pictures),
 * while swap and payment records stay whole, pointing at the anonymised account ("Deleted member"). Listings that
 * were never in a proposal are removed; those with history stay as tombstones with their titles. Security events
 * lose the member's id. One transaction per member; the picture, avatar and message picture files go after its
 * commit. Idempotent.
 */
export async function purgeDeletedMembers(deps: { db: Db; clock: Clock; storage?: FileStorage }): Promise<string[]> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ userId: profiles.userId })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        isNotNull(profiles.deletedAt),
        lte(profiles.permanentDeletionAt, now),
        not(sql`${users.email} like 'deleted-%@deleted.invalid'`),
      ),
    )
    .limit(100);
  const purged: string[] = [];
  for (const { userId } of due) {
    const { files, messagePictures } = await purgeOne(deps.db, userId, now);
    if (deps.storage && files.length)
      await deps.storage
        .delete(files)
        .catch((error) => logger.error("purged pictures not deleted", { userId, error: String(error) }));
    // Noted in the purge's transaction: without storage here, the scheduler's sweep deletes them.
    if (deps.storage) await deleteMessagePictures({ db: deps.db, storage: deps.storage }, messagePictures);
    purged.push(userId);
  }
  return purged;
}

async function purgeOne(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ files: string[]; messagePictures: string | null }> {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    const avatar = avatarKeyOf(profile?.avatarUrl);
    await tx
      .update(users)
      .set({
        name: PURGED_NAME,
        email: purgedEmail(userId),
        emailVerified: false,
        image: null,
        twoFactorEnabled: false,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx
      .update(profiles)
      .set({
        phone: null,
        phoneConfirmedAt: null,
        location: null,
        suburb: null,
        state: null,
        postcode: null,
        latitude: null,
        longitude: null,
        avatarUrl: null,
        flags: [],
        lookingFor: [],
        status: "suspended",
        updatedAt: now,
      })
      .where(eq(profiles.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.delete(favourites).where(eq(favourites.userId, userId));
    // The phone goes, so does a code waiting to confirm one and the texts that went to it (decision 095).
    await tx.delete(phoneConfirmations).where(eq(phoneConfirmations.userId, userId));
    await tx.delete(smsOutbox).where(eq(smsOutbox.userId, userId));
    // Saved searches and wants (issue 27) say what the member was after: gone, with their matches.
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    await tx.update(reviews).set({ comment: null }).where(eq(reviews.reviewerId, userId));
    const messagePictures = await purgeMemberMessages(tx, { userId, now });
    await tx.update(securityEvents).set({ userId: null }).where(eq(securityEvents.userId, userId));

    const owned = (await tx
      .select({ id: listings.id, images: listings.images })
      .from(listings)
      .where(eq(listings.userId, userId))) as { id: string; images: ListingImage[] }[];
    // A listing any swap ever held (on either side, in a bundle or not) keeps its row for that swap's history.
    const withHistory = await listingsWithSwapHistory(
      tx,
      owned.map((l) => l.id),
    );
    const removable = owned.filter((l) => !withHistory.has(l.id)).map((l) => l.id);
    const kept = owned.filter((l) => withHistory.has(l.id)).map((l) => l.id);
    if (removable.length) {
      await tx.delete(favourites).where(inArray(favourites.listingId, removable));
      await tx.delete(listings).where(inArray(listings.id, removable));
    }
    if (kept.length) {
      await tx.delete(favourites).where(inArray(favourites.listingId, kept));
      await tx
        .update(listings)
        .set({
          status: "deleted",
          deletedAt: sql`coalesce(${listings.deletedAt}, ${now.toISOString()}::timestamptz)`,
          description: "",
          updatedAt: now,
        })
        .where(inArray(listings.id, kept));
    }
    return {
      files: [...owned.flatMap((l) => pictureKeys(l.images)), ...(avatar ? [avatar] : [])],
      messagePictures,
    };
  });
}
