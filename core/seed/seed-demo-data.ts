import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { seedRecords } from "#db/schema/seed-records.ts";
import { SEED_LISTINGS, SEED_PASSWORD, SEED_USERS } from "#db/seed/seed-data.ts";
import { storeListingImages } from "../images/store-listing-images";
import { AppError } from "../shared/app-error";
import { locationColumns, resolveLocationInput } from "../locations/localities";
import type { FileStorage } from "../storage/storage";
import type { Clock } from "../shared/clock";
import type { Auth } from "../auth/auth";
import { recordPictureHashes } from "../trust/check-same-photo";
import { checkListingWording, wordingOf } from "../trust/wording-signals";

export type SeedDeps = {
  db: Db;
  auth: Auth;
  storage: FileStorage;
  clock: Clock;
  imagesDir?: string;
};
export type SeedStep = "users" | "listings";
export type SeedResult = { users: number; listings: number; createdUsers: number; createdListings: number };

const SEED_LOCK = 7_261_002;
export const SEED_IMAGES_DIR = path.resolve(process.env.SEED_IMAGES_DIR ?? "db/seed/images");

/** Seed runs in this process, one after another (see seedDemoData). */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Creates the demo members and listings, skipping what already exists, so running it twice (or twice
 * at once) gives the same counts. A listing it made once is never made again, even after staff deleted it
 * (seed_records, decision 066). It makes no staff: those are made at boot (seed-staff-accounts.ts). Either step can run alone, which is how /seed shows progress.
 * Runs in one process are queued: two sign-ups racing for one seed member would be caught, but Better
 * Auth logs the losing insert as an error. Runs in different processes stay correct (the advisory lock
 * and the duplicate check) and may log that line.
 */
export const SEED_USERS_FIRST = "Seed members must exist before their listings: run the users step first.";

export function seedDemoData(deps: SeedDeps, steps: SeedStep[] = ["users", "listings"]): Promise<SeedResult> {
  const run = queue.then(() => runSeed(deps, steps));
  queue = run.catch(() => undefined);
  return run;
}

async function runSeed(deps: SeedDeps, steps: SeedStep[]): Promise<SeedResult> {
  let createdUsers = 0;
  let createdListings = 0;
  if (steps.includes("users")) createdUsers = await seedUsers(deps);
  if (steps.includes("listings")) createdListings = await seedListings(deps);
  const seededUsers = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        SEED_USERS.map((u) => u.email),
      ),
    );
  const [{ count }] = seededUsers.length
    ? await deps.db
        .select({ count: sql<number>`count(*)::int` })
        .from(listings)
        .where(
          and(
            inArray(
              listings.userId,
              seededUsers.map((u) => u.id),
            ),
            eq(listings.status, "active"),
          ),
        )
    : [{ count: 0 }];
  return { users: seededUsers.length, listings: Number(count), createdUsers, createdListings };
}

async function seedUsers(deps: SeedDeps) {
  let created = 0;
  for (const [i, seedUser] of SEED_USERS.entries()) {
    const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, seedUser.email));
    if (existing) continue;
    try {
      await deps.auth.api.signUpEmail({
        body: { email: seedUser.email, password: SEED_PASSWORD, name: seedUser.name },
      });
    } catch (error) {
      // Another seed run created this member a moment ago: that is the idempotent outcome.
      const [now] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, seedUser.email));
      if (!now) throw error;
      continue;
    }
    // Most seeded members have verified e-mail, so the verified mark shows on their cards.
    if (i % 4 !== 3) await deps.db.update(users).set({ emailVerified: true }).where(eq(users.email, seedUser.email));
    created++;
  }
  return created;
}

async function seedListings(deps: SeedDeps) {
  const owners = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        SEED_USERS.map((u) => u.email),
      ),
    );
  const ownerIdByEmail = new Map(owners.map((o) => [o.email, o.id]));
  let created = 0;
  for (const [i, item] of SEED_LISTINGS.entries()) {
    const ownerId = ownerIdByEmail.get(SEED_USERS[item.owner].email);
    // A request can ask for the listings step alone: a refusal with the reason, not a failure.
    if (!ownerId) throw new AppError("CONFLICT", SEED_USERS_FIRST);
    const locality = resolveLocationInput(item.location);
    if (!locality) throw new Error(`Seed location not in the localities data set: ${item.location}`);
    const picture = path.join(deps.imagesDir ?? SEED_IMAGES_DIR, item.picture);
    const inserted = await deps.db.transaction(async (tx) => {
      // One seeder at a time decides what is missing: two runs at once cannot both insert.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      const key = `${SEED_USERS[item.owner].email} ${item.title}`;
      const [made] = await tx
        .select({ id: seedRecords.recordId })
        .from(seedRecords)
        .where(and(eq(seedRecords.kind, "listing"), eq(seedRecords.key, key)));
      if (made) return false;
      const [existing] = await tx
        .select({ id: listings.id })
        .from(listings)
        .where(and(eq(listings.userId, ownerId), eq(listings.title, item.title)));
      // Seeded before the seed kept its records: remembered now, so deleting it later is for good.
      if (existing) {
        await tx.insert(seedRecords).values({ kind: "listing", key, recordId: existing.id });
        return false;
      }
      const stored = await storeListingImages(deps.storage, {
        ownerId,
        files: [await fs.readFile(picture)],
        now: deps.clock.now(),
      });
      try {
        const [listing] = await tx
          .insert(listings)
          .values({
            userId: ownerId,
            title: item.title,
            description: item.description,
            wants: item.wants ?? "",
            wantsCategories: item.wantsCategories ?? [],
            category: item.category,
            condition: item.condition,
            valueMin: item.valueMin,
            valueMax: item.valueMax,
            ...locationColumns(locality),
            images: stored.images,
            // Newest first on home should not be the order of this file: spread them over two weeks.
            createdAt: new Date(deps.clock.now().getTime() - (SEED_LISTINGS.length - i) * 17 * 60 * 60 * 1000),
          })
          .returning();
        await tx.insert(seedRecords).values({ kind: "listing", key, recordId: listing.id });
        // The same checks as a member's listing (decision 098): the demo data's signal figure in docs/security.md.
        const now = deps.clock.now();
        const pictures = stored.images.map((image, n) => ({ key: image.key, hash: stored.hashes[n] }));
        await recordPictureHashes(tx, { listingId: listing.id, userId: ownerId, pictures, now });
        await checkListingWording(tx, { listingId: listing.id, userId: ownerId, ...wordingOf(listing), now });
      } catch (error) {
        await deps.storage.delete(stored.keys);
        throw error;
      }
      return true;
    });
    if (inserted) created++;
  }
  return created;
}
