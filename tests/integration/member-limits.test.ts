import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { createListing } from "#core/listings/create-listing.ts";
import { MEMBER_LIMITS } from "#core/rate-limit/member-limits.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { createLocalStorage } from "#core/storage/local-storage.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { makeJpeg } from "../support/images";
import { controlledClock, HOUR } from "../support/test-clock";
import { createListing as createListingRow, createMember } from "../support/factories";
import { refusal } from "../support/swap-fixtures";
import { setFlag } from "../support/flags";
import { createTestDatabase } from "../support/test-db";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const clock = controlledClock("2030-06-01T00:00:00.000Z");
const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-limits-")));
const photo = await makeJpeg({ width: 64, height: 48 });
beforeEach(() => clock.advance(2 * 24 * HOUR));

const listingInput = (ownerId: string, n: number) => ({
  ownerId,
  fields: {
    title: `Garage clear-out item ${n}`,
    description: "Works well, collection only.",
    category: "tradie_tools",
    condition: "good",
    valueMin: "50",
    valueMax: "80",
    location: "Bondi NSW 2026",
  },
  files: [photo],
});
const rateLimitedEvents = (userId: string) =>
  db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.eventType, "rate_limited")));

describe("new listings per member", () => {
  test("10 an hour go through; the 11th is refused with when to come back, stores nothing and is logged", async () => {
    const owner = await createMember(db);
    for (let n = 0; n < 10; n++) await createListing({ db, storage, clock }, listingInput(owner.id, n));
    await expect(createListing({ db, storage, clock }, listingInput(owner.id, 10))).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(
        /^You've reached the limit for new listings\. You can list another item from \w{3} \d{1,2}:\d{2} (am|pm)\.$/,
      ),
    });
    expect(await db.select().from(listings).where(eq(listings.userId, owner.id))).toHaveLength(10);
    expect(await rateLimitedEvents(owner.id)).toHaveLength(1);
    clock.advance(HOUR + 1000);
    expect(await createListing({ db, storage, clock }, listingInput(owner.id, 11))).toEqual(expect.any(String));
  });

  test("a listing that fails validation does not count", async () => {
    const owner = await createMember(db);
    for (let n = 0; n < 15; n++)
      await expect(
        createListing({ db, storage, clock }, { ...listingInput(owner.id, n), files: [] }),
      ).rejects.toMatchObject({ status: 400 });
    expect(await createListing({ db, storage, clock }, listingInput(owner.id, 99))).toEqual(expect.any(String));
  });

  test("with rate limiting switched off, nothing is counted", async () => {
    const owner = await createMember(db);
    await setFlag(db, "enable_rate_limiting", false);
    try {
      for (let n = 0; n < 12; n++) await createListing({ db, storage, clock }, listingInput(owner.id, n));
    } finally {
      await setFlag(db, "enable_rate_limiting", true);
    }
  });
});

describe("offers per member", () => {
  test("three offers on one listing a day; the fourth is refused and its owner hears nothing more", async () => {
    const proposer = await createMember(db);
    const owner = await createMember(db);
    const target = await createListingRow(db, owner.id);
    for (let n = 0; n < 3; n++)
      await proposeSwap(
        { db, clock },
        { proposerId: proposer.id, targetListingId: target, offeredListingId: await createListingRow(db, proposer.id) },
      );
    const error = await refusal(
      proposeSwap(
        { db, clock },
        { proposerId: proposer.id, targetListingId: target, offeredListingId: await createListingRow(db, proposer.id) },
      ),
    );
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toMatch(/^You've reached the limit for offers on this listing\./);
    expect(await db.select().from(swapProposals).where(eq(swapProposals.targetListingId, target))).toHaveLength(3);
    expect(await rateLimitedEvents(proposer.id)).toHaveLength(1);
  });

  test(`${MEMBER_LIMITS.propose_swap.windows[0].limit} offers an hour in all`, async () => {
    const proposer = await createMember(db);
    const limit = MEMBER_LIMITS.propose_swap.windows[0].limit;
    const targets = [];
    for (let n = 0; n <= limit; n++) targets.push(await createListingRow(db, (await createMember(db)).id));
    const offered = await createListingRow(db, proposer.id);
    for (const target of targets.slice(0, limit))
      await proposeSwap({ db, clock }, { proposerId: proposer.id, targetListingId: target, offeredListingId: offered });
    expect(
      (
        await refusal(
          proposeSwap(
            { db, clock },
            { proposerId: proposer.id, targetListingId: targets[limit], offeredListingId: offered },
          ),
        )
      ).code,
    ).toBe("RATE_LIMITED");
  });

  test.skipIf(handle.kind !== "postgres")("25 offers sent at once never get past the limit of 20", async () => {
    const proposer = await createMember(db);
    const offered = await createListingRow(db, proposer.id);
    const targets = [];
    for (let n = 0; n < 25; n++) targets.push(await createListingRow(db, (await createMember(db)).id));
    const results = await Promise.allSettled(
      targets.map((target) =>
        proposeSwap({ db, clock }, { proposerId: proposer.id, targetListingId: target, offeredListingId: offered }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(20);
    expect(await db.select().from(swapProposals).where(eq(swapProposals.proposerId, proposer.id))).toHaveLength(20);
  });
});
