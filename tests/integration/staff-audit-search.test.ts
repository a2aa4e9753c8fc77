import { describe, expect, test } from "vitest";
import { findAuditLog } from "#core/audit/find-audit-log.ts";
import { recordAdminAction } from "#core/audit/record-admin-action.ts";
import { searchBackOffice } from "#core/back-office/search-back-office.ts";
import { offerCircle } from "#core/circles/offer-circle.ts";
import { circleKey } from "#core/swaps/find-swap-circles.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { databaseForThisFile } from "../support/database-for-file";
import { createListing, createMember } from "../support/factories";
import { controlledClock } from "../support/test-clock";

const { db } = await databaseForThisFile();

describe("the audit log", () => {
  test("pages newest first and filters by staff member, action and target", async () => {
    const admin = await createMember(db, { name: "Audrey Admin" });
    const other = await createMember(db, { name: "Oscar Other" });
    for (let n = 0; n < 5; n++)
      await recordAdminAction(db, {
        actorId: admin.id,
        action: "suspend_user",
        targetType: "user",
        targetId: `u${n}`,
        metadata: { reason: `r${n}` },
      });
    await recordAdminAction(db, {
      actorId: other.id,
      action: "takedown_listing",
      targetType: "listing",
      targetId: "l1",
    });
    await recordAdminAction(db, { actorId: null, action: "update_user_role", targetType: "user", targetId: "u9" });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await findAuditLog(db, { adminId: admin.id, cursor }, 2);
      seen.push(...page.entries.map((e) => e.targetId ?? ""));
      cursor = page.nextCursor;
    } while (cursor);
    // Rows written in one millisecond tie on time and follow their ids: the pages agree with one long page.
    expect(seen).toEqual((await findAuditLog(db, { adminId: admin.id })).entries.map((e) => e.targetId));
    expect([...seen].sort()).toEqual(["u0", "u1", "u2", "u3", "u4"]);
    expect((await findAuditLog(db, { action: "takedown_listing" })).entries.map((e) => e.adminName)).toEqual([
      "Oscar Other",
    ]);
    expect((await findAuditLog(db, { targetType: "listing" })).entries).toHaveLength(1);
    const unknown = (await findAuditLog(db, { targetId: "u9" })).entries[0];
    expect(unknown.adminName).toBeNull();
  });
});

describe("the back office's search", () => {
  test("finds members by name or e-mail, listings by title and swaps by the start of their id", async () => {
    const clock = controlledClock();
    const kim = await createMember(db, { name: "Kimberley Zorro" });
    const sam = await createMember(db, { name: "Sam Searcher" });
    const target = await createListing(db, kim.id, { title: "Zorro mask collection" });
    const { id } = await proposeSwap(
      { db, clock },
      { proposerId: sam.id, targetListingId: target, offeredListingId: await createListing(db, sam.id) },
    );
    const byName = await searchBackOffice(db, { q: "zorro" });
    expect(byName.members.map((m) => m.id)).toEqual([kim.id]);
    expect(byName.listings.map((l) => l.id)).toEqual([target]);
    expect((await searchBackOffice(db, { q: kim.email.toUpperCase() })).members.map((m) => m.id)).toEqual([kim.id]);
    const bySwap = await searchBackOffice(db, { q: id.slice(0, 8) });
    expect(bySwap.swaps.map((s) => s.id)).toContain(id);
    expect(bySwap.swaps.find((s) => s.id === id)).toMatchObject({
      proposerName: "Sam Searcher",
      receiverName: "Kimberley Zorro",
    });
    expect((await searchBackOffice(db, { q: id })).swaps.map((s) => s.id)).toEqual([id]);
    expect(await searchBackOffice(db, { q: "z" })).toEqual({
      members: [],
      listings: [],
      swaps: [],
      circles: [],
      payments: [],
      reports: [],
      logEvents: [],
    });
  });

  test("finds a swap circle by the start of its id, named by its members in order", async () => {
    const members = [
      await createMember(db, { name: "Ana Costa" }),
      await createMember(db, { name: "Ben Walker" }),
      await createMember(db, { name: "Cleo Park" }),
    ];
    const owned: string[] = [];
    for (const m of members) owned.push(await createListing(db, m.id));
    const legs = members.map((m, i) => ({ giverId: m.id, listingId: owned[i], receiverId: members[(i + 1) % 3].id }));
    const circleId = await db.transaction((tx) =>
      offerCircle(tx, { legs, key: circleKey(legs), fairness: 1 }, { now: new Date() }),
    );
    if (!circleId) throw new Error("expected the circle to be offered");
    const found = await searchBackOffice(db, { q: circleId.slice(0, 8) });
    expect(found.circles.find((c) => c.id === circleId)).toMatchObject({
      status: "offered",
      memberNames: ["Ana Costa", "Ben Walker", "Cleo Park"],
    });
    expect((await searchBackOffice(db, { q: circleId })).circles.map((c) => c.id)).toEqual([circleId]);
  });
});
