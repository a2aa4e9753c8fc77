// Scam signals for staff (issue 28, decision 098): each raised once per thing noticed (a repeat updates it), each
// explaining itself in plain words, and acting on its own only through the hold (enable_signal_holds, a high score).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import { sendMessage } from "#core/conversations/send-message.ts";
import { askAboutListing } from "#core/conversations/start-conversation.ts";
import { createListing as createListingUseCase } from "#core/listings/create-listing.ts";
import { updateListing } from "#core/listings/update-listing.ts";
import { reportListing } from "#core/moderation/report-listing.ts";
import { createLocalStorage } from "#core/storage/local-storage.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { checkWeightedReports, reporterWeight } from "#core/trust/check-weighted-reports.ts";
import { findMemberSignals, findSignalsForStaff } from "#core/trust/find-signals.ts";
import { recordSignupAddress, signupAddress } from "#core/trust/record-signup-address.ts";
import { alreadySettled, settleSignal } from "#core/trust/settle-signal.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { profiles } from "#db/schema/profiles.ts";
import { pictureHashes, scamSignals } from "#db/schema/trust-signals.ts";
import { createListing, createMember, createStaff, staffActor } from "../support/factories";
import { setFlag } from "../support/flags";
import { makePhoto } from "../support/images";
import { controlledClock, HOUR } from "../support/test-clock";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => closeTestDatabase(handle));

const clock = controlledClock(new Date());
const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "scam-signals-")));
const deps = { db, clock, storage };
const LONG_AGO = new Date(Date.now() - 90 * 24 * HOUR);

beforeEach(async () => {
  await setFlag(db, "enable_signal_holds", true);
});

const FIELDS = {
  title: "Red kayak",
  description: "Three metre sit-on-top kayak with a paddle, stored under cover.",
  category: "sports_outdoors",
  condition: "good",
  valueMin: "300",
  valueMax: "450",
  location: "Bondi NSW 2026",
};

async function list(ownerId: string, files: Buffer[], fields: Partial<typeof FIELDS> = {}) {
  return createListingUseCase(deps, { ownerId, fields: { ...FIELDS, ...fields }, files });
}

const signalsOf = (userId: string) => db.select().from(scamSignals).where(eq(scamSignals.userId, userId));
const listingRow = async (id: string) => (await db.select().from(listings).where(eq(listings.id, id)))[0];
const profileRow = async (id: string) => (await db.select().from(profiles).where(eq(profiles.userId, id)))[0];

describe("same photo", () => {
  test("the same photo uploaded from two accounts raises one signal that explains itself to staff", async () => {
    const jo = await createMember(db, { name: "Jo Original", joinedAt: LONG_AGO });
    const copier = await createMember(db, { name: "Casey Copier", joinedAt: LONG_AGO });
    const photo = await makePhoto(101);
    await list(jo.id, [photo]);
    expect(await signalsOf(jo.id)).toEqual([]);
    // Re-encoded smaller, as a copy saved from the listing page would be.
    const copy = await (await import("sharp")).default(photo).resize({ width: 640 }).webp().toBuffer();
    const copied = await list(copier.id, [copy], { title: "Kayak, red, must go" });

    const [signal, ...more] = await signalsOf(copier.id);
    expect(more).toEqual([]);
    expect(signal).toMatchObject({ kind: "same_photo", listingId: copied, status: "open" });
    expect(signal.explanation).toMatch(
      new RegExp(`^Same photo as listing "Red kayak" by another account \\(${jo.email}\\)`),
    );
    // Staff see it in the queue with its score and links.
    const { signals } = await findSignalsForStaff(db, { status: "open", kind: "same_photo" });
    expect(signals.find((s) => s.id === signal.id)).toMatchObject({
      score: signal.score,
      listingTitle: "Kayak, red, must go",
      otherListingTitle: "Red kayak",
      otherUserId: jo.id,
      memberName: "Casey Copier",
    });
    // Staff find it by the member's name, the listing's title or the explanation's words; not by other words.
    for (const q of ["casey cop", "must go", 'same photo as listing "red']) {
      const found = await findSignalsForStaff(db, { status: "all", q });
      expect(
        found.signals.map((s) => s.id),
        q,
      ).toContain(signal.id);
      expect(found.total).toBe(found.signals.length);
    }
    expect((await findSignalsForStaff(db, { status: "all", q: "zeppelin" })).signals).toEqual([]);
  });

  test("a member's own photo on two of their listings is no signal, and a repeat updates the one row", async () => {
    const owner = await createMember(db, { name: "Sam Self", joinedAt: LONG_AGO });
    const other = await createMember(db, { name: "Otto Other", joinedAt: LONG_AGO });
    const photo = await makePhoto(202);
    await list(owner.id, [photo]);
    await list(owner.id, [photo], { title: "Red kayak again" });
    expect(await signalsOf(owner.id)).toEqual([]);

    const copied = await list(other.id, [photo, await makePhoto(203)]);
    // One per other listing it copies (the owner's two).
    expect(await signalsOf(other.id)).toHaveLength(2);
    // The edit adds the same photo once more: still one signal per pair of listings.
    const keep = (await listingRow(copied)).images.map((image) => image.key);
    await updateListing(deps, { listingId: copied, actorId: other.id, fields: FIELDS, files: [photo], keep });
    const rows = await signalsOf(other.id);
    // Never one per upload.
    expect(rows.map((r) => r.kind)).toEqual(["same_photo", "same_photo"]);
    expect(new Set(rows.map((r) => r.dedupeKey)).size).toBe(2);
  });

  test("the same photo alone never holds a listing (a product photo is reused honestly); a removed picture lets its hash go", async () => {
    const a = await createMember(db, { name: "Ada", joinedAt: LONG_AGO });
    const c = await createMember(db, { name: "Cy", joinedAt: LONG_AGO });
    const photo = await makePhoto(303);
    await list(a.id, [photo]);
    const copied = await list(c.id, [photo]);
    expect(await signalsOf(c.id)).toMatchObject([{ kind: "same_photo", score: 75, held: false }]);
    expect((await listingRow(copied)).moderationStatus).toBe("approved");

    await updateListing(deps, {
      listingId: copied,
      actorId: c.id,
      fields: FIELDS,
      files: [await makePhoto(304)],
      keep: [],
    });
    const hashes = await db.select().from(pictureHashes).where(eq(pictureHashes.listingId, copied));
    expect(hashes).toHaveLength(1);
  });
});

describe("contact details before the handshake", () => {
  test("a phone number sent three times before the handshake raises one signal that explains itself", async () => {
    const owner = await createMember(db, { name: "Olive Owner", joinedAt: LONG_AGO });
    const asker = await createMember(db, { name: "Pete Phone", joinedAt: LONG_AGO });
    const listingId = await createListing(db, owner.id, { title: "Stihl chainsaw" });
    const { id: conversationId } = await askAboutListing({ db, clock }, { listingId, askerId: asker.id });
    const send = (body: string) =>
      sendMessage({ db, clock, mask: maskContactDetails }, { conversationId, senderId: asker.id, body });
    await send("Call me on 0412 345 678");
    await send("0412 345 678 is my number");
    expect(await signalsOf(asker.id)).toEqual([]);
    await send("text me: zero four one two 345 678 or 0412345678");
    const [signal, ...more] = await signalsOf(asker.id);
    expect(more).toEqual([]);
    expect(signal).toMatchObject({ kind: "contact_before_handshake", score: 45, held: false });
    expect(signal.explanation).toMatch(
      /^Tried to send contact details \(phone.*\) before the handshake 3 times in 24 hours, in one conversation/,
    );

    await send("0412 345 678 again");
    const rows = await signalsOf(asker.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].score).toBe(55);
    expect(rows[0].explanation).toContain("4 times");
  });
});

describe("far-apart proposals", () => {
  test("a new account proposing on five listings over 500 km apart in a day raises one signal", async () => {
    const places = [
      { suburb: "Perth", state: "WA", latitude: -31.95, longitude: 115.86 },
      { suburb: "Cairns", state: "QLD", latitude: -16.92, longitude: 145.77 },
      { suburb: "Hobart", state: "TAS", latitude: -42.88, longitude: 147.33 },
      { suburb: "Darwin", state: "NT", latitude: -12.46, longitude: 130.84 },
      { suburb: "Bondi", state: "NSW", latitude: -33.89, longitude: 151.26 },
      { suburb: "Broome", state: "WA", latitude: -17.96, longitude: 122.24 },
    ];
    const newcomer = await createMember(db, { name: "Nina New", joinedAt: new Date(clock.now().getTime() - 2 * HOUR) });
    const offered = await createListing(db, newcomer.id, { title: "Mountain bike" });
    for (const [i, place] of places.entries()) {
      const owner = await createMember(db, { name: `Owner ${i}`, joinedAt: LONG_AGO });
      const target = await createListing(db, owner.id, { title: `Trailer ${i}`, ...place });
      await proposeSwap({ db, clock }, { proposerId: newcomer.id, targetListingId: target, offeredListingId: offered });
      const rows = await signalsOf(newcomer.id);
      expect(rows).toHaveLength(i >= 4 ? 1 : 0);
    }
    const [signal] = await signalsOf(newcomer.id);
    expect(signal).toMatchObject({ kind: "far_proposals", score: 65 });
    expect(signal.explanation).toMatch(
      /^A less than a day old account proposed swaps on 6 listings in 24 hours, [\d,]+ km apart at the most \(/,
    );

    // An established member doing the same raises nothing.
    const regular = await createMember(db, { name: "Rita Regular", joinedAt: LONG_AGO });
    const hers = await createListing(db, regular.id, { title: "Canoe" });
    for (const [i, place] of places.entries()) {
      const owner = await createMember(db, { name: `Owner b${i}`, joinedAt: LONG_AGO });
      const target = await createListing(db, owner.id, { title: `Boat ${i}`, ...place });
      await proposeSwap({ db, clock }, { proposerId: regular.id, targetListingId: target, offeredListingId: hers });
    }
    expect(await signalsOf(regular.id)).toEqual([]);
  });
});

describe("many accounts from one address", () => {
  test("the fifth account from one address in a day raises one signal; the sixth updates it", async () => {
    const ip = "198.51.100.77";
    const made = [];
    for (let i = 0; i < 6; i++) {
      const member = await createMember(db, { name: `Same Address ${i}` });
      made.push(member);
      await recordSignupAddress(db, { userId: member.id, ip, now: new Date() });
    }
    expect((await profileRow(made[0].id)).signupAddress).toBe(ip);
    const rows = await db.select().from(scamSignals).where(eq(scamSignals.kind, "shared_address"));
    const mine = rows.filter((r) => (r.details as { address?: string }).address === ip);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ userId: made[4].id, score: 50, held: false });
    expect(mine[0].explanation).toMatch(
      /^6 accounts were made from one address \(198\.51\.100\.77\) within 24 hours: /,
    );
  });

  test("an IPv6 address is compared by its /64", () => {
    expect(signupAddress("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(signupAddress("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(signupAddress("not an address")).toBeNull();
  });
});

describe("payment-scam wording", () => {
  test("a listing asking for a PayID upgrade raises a signal and is held; staff dismissing it releases the hold, audited", async () => {
    const scammer = await createMember(db, { name: "Pat PayID", joinedAt: LONG_AGO });
    const id = await list(scammer.id, [await makePhoto(404)], {
      title: "iPhone 15, as new",
      description: "Pay first. You will need to upgrade your PayID account to a business account.",
    });
    const [signal] = await signalsOf(scammer.id);
    expect(signal).toMatchObject({ kind: "scam_wording", listingId: id, score: 95, held: true });
    expect(signal.explanation).toBe(
      'Payment-scam wording in listing "iPhone 15, as new": “upgrade your payid” (PayID upgrade).',
    );
    expect((await listingRow(id)).moderationStatus).toBe("pending");

    const moderator = await createStaff(db, ["moderator"]);
    const actor = staffActor(moderator, ["moderator"]);
    const settled = await settleSignal(db, {
      actor,
      signalId: signal.id,
      settlement: "dismiss",
      notes: "A joke",
      now: new Date(),
    });
    expect(settled.released).toBe("listing");
    expect((await listingRow(id)).moderationStatus).toBe("approved");
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, moderator.id), eq(adminAuditLog.action, "dismiss_signal")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: "user", targetId: scammer.id });
    expect(audit[0].metadata).toMatchObject({
      signalId: signal.id,
      kind: "scam_wording",
      notes: "A joke",
      released: "listing",
    });

    // Settled once: a second look is told so, and writes nothing.
    await expect(
      settleSignal(db, { actor, signalId: signal.id, settlement: "action", now: new Date() }),
    ).rejects.toMatchObject({ message: alreadySettled("dismissed") });
    const after = await db.select().from(adminAuditLog).where(eq(adminAuditLog.adminId, moderator.id));
    expect(after).toHaveLength(1);
  });

  test("with enable_signal_holds off, a high score holds nothing", async () => {
    await setFlag(db, "enable_signal_holds", false);
    const member = await createMember(db, { name: "Flag Off Flo", joinedAt: LONG_AGO });
    const id = await list(member.id, [await makePhoto(707)], { description: "Upgrade your PayID to receive payment." });
    expect(await signalsOf(member.id)).toMatchObject([{ kind: "scam_wording", score: 95, held: false }]);
    expect((await listingRow(id)).moderationStatus).toBe("approved");
  });

  test("scam wording in a message flags the sender when high; marking it actioned unflags them", async () => {
    const owner = await createMember(db, { name: "Owen", joinedAt: LONG_AGO });
    const sender = await createMember(db, { name: "Gift Card Gary", joinedAt: LONG_AGO });
    const listingId = await createListing(db, owner.id, { title: "Ride-on mower" });
    const { id: conversationId } = await askAboutListing({ db, clock }, { listingId, askerId: sender.id });
    await sendMessage(
      { db, clock, mask: maskContactDetails },
      { conversationId, senderId: sender.id, body: "I overpaid you, please refund the difference in gift cards" },
    );
    const [signal] = await signalsOf(sender.id);
    expect(signal).toMatchObject({ kind: "scam_wording", score: 90, held: true, listingId });
    expect(signal.explanation).toMatch(/^Payment-scam wording in a message about "Ride-on mower": /);
    expect((await profileRow(sender.id)).status).toBe("flagged");

    const admin = await createStaff(db, ["admin"]);
    await settleSignal(db, {
      actor: staffActor(admin, ["admin"]),
      signalId: signal.id,
      settlement: "action",
      now: new Date(),
    });
    expect((await profileRow(sender.id)).status).toBe("active");
    expect((await signalsOf(sender.id))[0]).toMatchObject({ status: "actioned", held: false, reviewedBy: admin.id });
  });

  test("an everyday listing raises nothing", async () => {
    const member = await createMember(db, { name: "Nora Normal", joinedAt: LONG_AGO });
    await list(member.id, [await makePhoto(505)], {
      description: "No deposit needed. Pick up in Bondi or I can post by courier.",
    });
    expect(await signalsOf(member.id)).toEqual([]);
  });
});

describe("reports weighed by the reporters' standing", () => {
  test("three established reporters raise one signal; three throwaway accounts do not", async () => {
    expect(reporterWeight({ ageDays: 1, emailConfirmed: false, completedSwaps: 0, upheld: 0, rejected: 0 })).toBe(0.4);
    expect(reporterWeight({ ageDays: 400, emailConfirmed: true, completedSwaps: 3, upheld: 2, rejected: 0 })).toBe(1.5);
    expect(reporterWeight({ ageDays: 400, emailConfirmed: true, completedSwaps: 0, upheld: 0, rejected: 4 })).toBe(0.3);

    const target = await createMember(db, { name: "Reported Rory", joinedAt: LONG_AGO });
    const listingId = await createListing(db, target.id, { title: "Jet ski" });
    for (let i = 0; i < 3; i++) {
      const throwaway = await createMember(db, { name: `Throwaway ${i}` });
      await reportListing({ db, clock }, { listingId, reporterId: throwaway.id, reason: "fraud" });
    }
    expect(await signalsOf(target.id)).toEqual([]);

    for (let i = 0; i < 3; i++) {
      const regular = await createMember(db, { name: `Regular ${i}`, joinedAt: LONG_AGO });
      await reportListing({ db, clock }, { listingId, reporterId: regular.id, reason: "fraud" });
    }
    const [signal, ...more] = await signalsOf(target.id);
    expect(more).toEqual([]);
    expect(signal.kind).toBe("weighted_reports");
    expect(signal.explanation).toMatch(
      /^Reported by 6 members whose standing \(.*\) weighs 4\.20 together, over the threshold of 2\.$/,
    );
    // The rejected ones stop counting.
    await db.update(moderationReports).set({ status: "rejected" }).where(eq(moderationReports.listingId, listingId));
    expect(await checkWeightedReports(db, { memberId: target.id, now: new Date() })).toBeNull();
  });
});

test("the Users page lists a member's signals", async () => {
  const member = await createMember(db, { name: "Listed Lou", joinedAt: LONG_AGO });
  await list(member.id, [await makePhoto(606)], { description: "Western Union only, my courier will collect." });
  const rows = await findMemberSignals(db, { userId: member.id });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ kind: "scam_wording", memberName: "Listed Lou", listingTitle: "Red kayak" });
});

// The demo data (core/seed) goes through the same checks as a member's listing: its figure per 10,000 listings is
// in docs/security.md.
test("the demo data's listings raise no signal", { timeout: 300_000 }, async () => {
  const { seedDemoData } = await import("#core/seed/seed-demo-data.ts");
  const { createTestApp } = await import("../support/test-app");
  const testApp = createTestApp(handle, { authAddressLimit: 1000 });
  const before = await db.select({ id: scamSignals.id }).from(scamSignals);
  const seeded = await seedDemoData({ db, auth: testApp.auth, storage, clock });
  const hashes = await db.select({ key: pictureHashes.pictureKey }).from(pictureHashes);
  const after = await db.select().from(scamSignals);
  console.log(`demo data: ${seeded.createdListings} listings, ${after.length - before.length} signals`);
  expect(seeded.createdListings).toBeGreaterThan(10);
  expect(hashes.length).toBeGreaterThanOrEqual(seeded.createdListings);
  expect(after.length - before.length).toBe(0);
});
