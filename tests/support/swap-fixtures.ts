// Swap tests build their world straight in the database: members, profiles and listings as rows, so a
// test of the swap rules does not depend on sign-up or image uploads.
import crypto from "node:crypto";
import { count, type SQL } from "drizzle-orm";
import { isAppError } from "../../core/shared/app-error";
import type { Clock } from "../../core/shared/clock";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/auth";
import { type FeatureFlagKey, featureFlags } from "../../db/schema/flags";
import { type ListingStatus, listings } from "../../db/schema/listings";
import { type ProfileStatus, profiles } from "../../db/schema/profiles";
import { swapProposals } from "../../db/schema/swaps";

export const HOUR = 60 * 60 * 1000;

/** A clock the test moves by hand. */
export type TestClock = Clock & { set: (instant: Date | string) => void; advance: (ms: number) => void };

export function controlledClock(start: Date | string = "2026-11-20T01:00:00.000Z"): TestClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    set: (instant) => {
      now = new Date(instant).getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

export type TestMember = { id: string; name: string; email: string; phone: string | null; location: string | null };

/** A member: a users row and its profile. `deleted` soft-deletes the profile. */
export async function insertMember(
  db: Db,
  options: {
    name?: string;
    phone?: string | null;
    location?: string | null;
    status?: ProfileStatus;
    deleted?: boolean;
  } = {},
): Promise<TestMember> {
  const id = crypto.randomUUID();
  const member = {
    id,
    name: options.name ?? "Kylie Nguyen",
    email: `member-${id}@example.com.au`,
    phone: options.phone === undefined ? "0412 345 678" : options.phone,
    location: options.location === undefined ? "Bondi NSW 2026" : options.location,
  };
  await db.insert(users).values({ id, name: member.name, email: member.email, emailVerified: true });
  const deletedAt = options.deleted ? new Date() : null;
  await db.insert(profiles).values({
    userId: id,
    phone: member.phone,
    location: member.location,
    status: options.status ?? "active",
    deletedAt,
    permanentDeletionAt: deletedAt ? new Date(deletedAt.getTime() + 30 * 24 * HOUR) : null,
  });
  return member;
}

/** A listing row with every required column; active unless told otherwise. */
export async function insertListing(
  db: Db,
  ownerId: string,
  options: { title?: string; status?: ListingStatus } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const status = options.status ?? "active";
  await db.insert(listings).values({
    id,
    userId: ownerId,
    title: options.title ?? "Makita cordless drill kit",
    description: "18 V drill with two batteries, charger and case. Works well.",
    category: "tradie_tools",
    condition: "good",
    valueMin: 120,
    valueMax: 180,
    location: "Bondi NSW 2026",
    suburb: "Bondi",
    state: "NSW",
    postcode: "2026",
    latitude: -33.893,
    longitude: 151.263,
    images: [{ key: `listings/${ownerId}/${id}`, widths: [320] }],
    status,
    deletedAt: status === "deleted" ? new Date() : null,
  });
  return id;
}

export async function setFlag(db: Db, key: FeatureFlagKey, enabled: boolean) {
  await db
    .insert(featureFlags)
    .values({ key, enabled })
    .onConflictDoUpdate({ target: featureFlags.key, set: { enabled } });
}

/** How many proposals match `where` (all of them without it). */
export async function proposalCount(db: Db, where?: SQL) {
  const [row] = await db.select({ n: count() }).from(swapProposals).where(where);
  return Number(row.n);
}

/** The refusal a use case threw, as { code, message }; anything else (or no error) fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected the call to be refused, but it succeeded");
}

/**
 * Closes a test database. test-db's close() drops a PostgreSQL database WITH (FORCE) as soon as
 * pool.end() resolves, which is before the pool's sockets have closed; the server then terminates them
 * (57P01) and, with no listener, the pool's 'error' event becomes an unhandled error after the tests passed.
 */
export async function closeTestDatabase(handle: {
  pool?: { on: (event: "error", listener: () => void) => unknown };
  close: () => Promise<void>;
}) {
  handle.pool?.on("error", () => {});
  await handle.close();
}
