import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { purgeDeletedMembers } from "#core/accounts/purge-deleted-members.ts";
import { softDeleteMember } from "#core/accounts/soft-delete-member.ts";
import { accounts, sessions, users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { postListing, signUpMember } from "../support/api-factories";
import { createPayment, createSwap, staffActor } from "../support/factories";
import { createTestApp } from "../support/test-app";
import { controlledClock } from "../support/test-clock";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const clock = controlledClock(new Date());
const testApp = createTestApp(handle, { clock, authAddressLimit: 1000 });
const DAY = 24 * 60 * 60 * 1000;

describe("purging a deleted member after 30 days", () => {
  test("removes their personal data and pictures, keeps swap and payment history whole, and runs once", async () => {
    const member = await signUpMember(testApp, { name: "Penny Private" });
    const partner = await signUpMember(testApp, { name: "Paul Partner" });
    const admin = await signUpMember(testApp, { name: "Avery Admin" });
    const lonely = await postListing(testApp, member.cookie, { title: "Old lamp" });
    const traded = await postListing(testApp, member.cookie, { title: "Road bike" });
    const theirs = await postListing(testApp, partner.cookie, { title: "Surfboard" });
    await db
      .update(profiles)
      .set({ phone: "0400 111 222", location: "Bondi NSW 2026" })
      .where(eq(profiles.userId, member.userId));
    const now = clock.now();
    const { swapId } = await createSwap(db, {
      status: "completed",
      at: now,
      offeredListingId: traded,
      targetListingId: theirs,
      proposerId: member.userId,
      receiverId: partner.userId,
    });
    const swap = { id: swapId };
    await createPayment(db, { swapProposalId: swap.id, userId: member.userId, amountCents: 999 });
    const [tradedRow] = await db.select().from(listings).where(eq(listings.id, traded));
    const files = tradedRow.images.map((i) => path.join(testApp.uploadsDir as string, `${i.key}-${i.widths[0]}.webp`));
    expect(files.every((f) => fs.existsSync(f))).toBe(true);

    const actor = staffActor({ id: admin.userId, name: "Avery Admin", email: admin.email }, ["admin"], "127.0.0.1");
    await softDeleteMember(db, { actor, userId: member.userId, reason: "Asked to leave", now });

    clock.advance(29 * DAY);
    expect(await purgeDeletedMembers({ db, clock, storage: testApp.storage })).toEqual([]);
    clock.advance(2 * DAY);
    expect(await purgeDeletedMembers({ db, clock, storage: testApp.storage })).toEqual([member.userId]);

    const [user] = await db.select().from(users).where(eq(users.id, member.userId));
    expect(user).toMatchObject({
      name: "Deleted member",
      email: `deleted-${member.userId}@deleted.invalid`,
      emailVerified: false,
    });
    expect((await db.select().from(profiles).where(eq(profiles.userId, member.userId)))[0]).toMatchObject({
      phone: null,
      location: null,
      latitude: null,
    });
    expect(await db.select().from(accounts).where(eq(accounts.userId, member.userId))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.userId))).toHaveLength(0);
    expect(await db.select().from(listings).where(eq(listings.id, lonely))).toHaveLength(0);
    expect((await db.select().from(listings).where(eq(listings.id, traded)))[0]).toMatchObject({
      status: "deleted",
      title: "Road bike",
      description: "",
    });
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    expect((await db.select().from(swapProposals).where(eq(swapProposals.id, swap.id)))[0]).toMatchObject({
      status: "completed",
      proposerId: member.userId,
    });
    expect(await db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swap.id))).toHaveLength(1);
    expect(JSON.stringify(await db.select().from(users).where(eq(users.id, member.userId)))).not.toContain("Penny");

    expect(await purgeDeletedMembers({ db, clock, storage: testApp.storage })).toEqual([]);
  });
});
