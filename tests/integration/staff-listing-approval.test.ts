import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { findListing } from "#core/listings/find-listing.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { createListing, createMember } from "../support/factories";
import { moderationSetup } from "../support/moderation-setup";
import { refusal } from "../support/swap-fixtures";

// Decision 070 (review defect 1): approving a rejected or taken-down listing is the back office's undo. It used to set
// "approved" and leave the listing cancelled and hidden, with the old reason still on it.
const { db, listingOf, mailTo, moderate } = await moderationSetup();

describe("approving a listing staff removed", () => {
  test("approving a rejected listing makes it public again, clears the reason, tells the owner, and audits the restore", async () => {
    const owner = await createMember(db, { name: "Dana Dahlia" });
    const id = await createListing(db, owner.id, { title: "Dahlia tubers" });
    await moderate([id], "reject", "spam");
    expect(await findListing(db, { id })).toBeNull();

    await moderate([id], "approve");
    expect(await listingOf(id)).toMatchObject({
      moderationStatus: "approved",
      status: "active",
      takedownReason: null,
      isFlagged: false,
    });
    expect((await findListing(db, { id }))?.title).toBe("Dahlia tubers");
    const mails = await mailTo(owner.email);
    expect(mails.map((m) => m.subject)).toContain('Your listing "Dahlia tubers" is back on SwapShed');
    const rows = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
    const approval = rows.find((r) => r.action === "approve_listing");
    expect(approval?.metadata).toMatchObject({
      before: { status: "cancelled", moderationStatus: "rejected" },
      after: { status: "active", restored: true },
    });
  });

  test("approving a taken-down listing clears the takedown reason and time", async () => {
    const owner = await createMember(db);
    const id = await createListing(db, owner.id, { title: "Fire engine model" });
    await moderate([id], "takedown", "DMCA");
    await moderate([id], "approve");
    expect(await listingOf(id)).toMatchObject({
      moderationStatus: "approved",
      status: "active",
      takedownReason: null,
      takedownAt: null,
    });
    expect(await findListing(db, { id })).not.toBeNull();
  });

  test("bulk approve restores the removed listings, clears a flag on a public one, and skips one already approved", async () => {
    const owner = await createMember(db);
    const rejected = await createListing(db, owner.id, { title: "Beach volleyball set" });
    const takenDown = await createListing(db, owner.id, { title: "Vintage clothing bundle" });
    const flagged = await createListing(db, owner.id, { title: "Vintage Vespa scooter" });
    const clean = await createListing(db, owner.id, { title: "Garden hose" });
    await moderate([rejected], "reject", "spam");
    await moderate([takenDown], "takedown", "terms");
    await db.update(listings).set({ isFlagged: true }).where(eq(listings.id, flagged));

    const result = await moderate([rejected, takenDown, flagged, clean], "approve");
    expect(result.changed.sort()).toEqual([rejected, takenDown, flagged].sort());
    expect(result.skipped).toEqual([{ id: clean, reason: "This listing is already approved" }]);
    for (const id of [rejected, takenDown, flagged]) {
      expect(await listingOf(id)).toMatchObject({
        status: "active",
        moderationStatus: "approved",
        isFlagged: false,
        takedownReason: null,
      });
    }
  });

  test("a listing its owner deleted is not brought back by an approval", async () => {
    const owner = await createMember(db);
    const id = await createListing(db, owner.id, { status: "deleted" });
    expect((await refusal(moderate([id], "approve"))).message).toBe("Listing not found");
    expect(await listingOf(id)).toMatchObject({ status: "deleted" });
  });
});
