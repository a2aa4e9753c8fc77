import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { findListingsForStaff } from "#core/moderation/find-listings-for-staff.ts";
import { IN_ACCEPTED_SWAP, NO_LISTINGS_SELECTED } from "#core/moderation/moderate-listings.ts";
import { REASON_REQUIRED } from "#core/shared/reason.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { createListing, createMember, createSwap } from "../support/factories";
import { moderationSetup } from "../support/moderation-setup";
import { refusal } from "../support/swap-fixtures";

const { handle, db, now, moderator, listingOf, auditOf, mailTo, moderate } = await moderationSetup();

async function pendingOfferOn(targetId: string) {
  const proposer = await createMember(db, { name: "Pat Proposer" });
  const offered = await createListing(db, proposer.id, { title: "Offered bike" });
  const target = await listingOf(targetId);
  const { swapId } = await createSwap(db, {
    status: "pending",
    offeredListingId: offered,
    targetListingId: targetId,
    proposerId: proposer.id,
    receiverId: target.userId,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return swapId;
}

describe("moderating one listing", () => {
  test("taking a listing down cancels it with the reason and time, declines offers on it, tells its owner, and is audited", async () => {
    const owner = await createMember(db, { name: "Olive Owner" });
    const id = await createListing(db, owner.id, { title: "Replica watch" });
    const offer = await pendingOfferOn(id);
    const result = await moderate([id], "takedown", "DMCA");
    expect(result.changed).toEqual([id]);
    expect(await listingOf(id)).toMatchObject({
      moderationStatus: "takedown",
      status: "cancelled",
      takedownReason: "DMCA",
    });
    expect((await listingOf(id)).takedownAt).not.toBeNull();
    expect((await db.select().from(swapProposals).where(eq(swapProposals.id, offer)))[0]).toMatchObject({
      status: "rejected",
      rejectionReason: "Listing no longer available",
    });
    const [mail] = await mailTo(owner.email);
    expect(mail.subject).toBe('Your listing "Replica watch" was taken down');
    expect(mail.textBody).toContain("DMCA");
    const [row] = await auditOf(id);
    expect(row).toMatchObject({ action: "takedown_listing", targetType: "listing", adminId: moderator.userId });
    expect(row.metadata).toMatchObject({
      reason: "DMCA",
      before: { status: "active" },
      after: { status: "cancelled", moderationStatus: "takedown" },
    });
  });

  test("rejecting needs a reason; approving clears the flag and tells nobody", async () => {
    const owner = await createMember(db);
    const id = await createListing(db, owner.id);
    await expect(moderate([id], "reject", "  ")).rejects.toThrow(REASON_REQUIRED);
    expect(await auditOf(id)).toHaveLength(0);
    await db.update(listings).set({ isFlagged: true, moderationStatus: "pending" }).where(eq(listings.id, id));
    await moderate([id], "approve");
    expect(await listingOf(id)).toMatchObject({ moderationStatus: "approved", isFlagged: false, status: "active" });
    expect(await mailTo(owner.email)).toHaveLength(0);
    expect((await refusal(moderate([id], "approve"))).message).toBe("This listing is already approved");
    await moderate([id], "reject", "spam");
    expect(await listingOf(id)).toMatchObject({ moderationStatus: "rejected", status: "cancelled" });
  });

  test("a listing in an accepted swap is refused, and nothing changes", async () => {
    const owner = await createMember(db);
    const id = await createListing(db, owner.id, { status: "reserved" });
    expect(await refusal(moderate([id], "takedown", "terms"))).toEqual({ code: "CONFLICT", message: IN_ACCEPTED_SWAP });
    expect(await listingOf(id)).toMatchObject({ status: "reserved", moderationStatus: "approved" });
    expect(await auditOf(id)).toHaveLength(0);
  });

  test("deleting for good removes a listing with no history and keeps a tombstone for one with swaps, returning its picture files", async () => {
    const owner = await createMember(db);
    const lonely = await createListing(db, owner.id);
    const traded = await createListing(db, owner.id);
    await pendingOfferOn(traded);
    const result = await moderate([lonely, traded], "delete", "fraud");
    expect(result.changed.sort()).toEqual([lonely, traded].sort());
    expect(await listingOf(lonely)).toBeUndefined();
    expect(await listingOf(traded)).toMatchObject({ status: "deleted", description: "" });
    expect(result.removedPictureKeys).toEqual(
      expect.arrayContaining([`listings/${owner.id}/${lonely}-320.webp`, `listings/${owner.id}/${traded}-320.webp`]),
    );
    expect(await auditOf(lonely)).toHaveLength(1);
  });

  test.skipIf(handle.kind !== "postgres")(
    "two moderators taking one listing down at once: one does it, the other is told",
    async () => {
      const owner = await createMember(db);
      const id = await createListing(db, owner.id);
      const results = await Promise.allSettled([
        moderate([id], "takedown", "terms"),
        moderate([id], "takedown", "legal"),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await auditOf(id)).toHaveLength(1);
      expect(await mailTo(owner.email)).toHaveLength(1);
    },
  );
});

describe("bulk moderation", () => {
  test("changes the listings that can be, skips the rest with reasons, and needs a selection", async () => {
    const owner = await createMember(db);
    const ids = [
      await createListing(db, owner.id),
      await createListing(db, owner.id),
      await createListing(db, owner.id, { status: "reserved" }),
    ];
    const result = await moderate(ids, "reject", "spam");
    expect(result.changed).toHaveLength(2);
    expect(result.skipped).toEqual([{ id: ids[2], reason: IN_ACCEPTED_SWAP }]);
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(inArray(adminAuditLog.targetId, ids), eq(adminAuditLog.action, "reject_listing")));
    expect(audit).toHaveLength(2);
    expect(audit[0].metadata).toMatchObject({ bulk: true });
    expect(await refusal(moderate([], "approve"))).toMatchObject({ message: NO_LISTINGS_SELECTED });
  });
});

describe("the listings list", () => {
  test("shows owners, searches titles, filters and pages without gaps", async () => {
    const owner = await createMember(db, { name: "Lister Lee" });
    const made = [];
    for (const title of ["Zebra lamp one", "Zebra lamp two", "Zebra lamp three"])
      made.push(await createListing(db, owner.id, { title }));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await findListingsForStaff(db, { q: "zebra lamp", cursor }, 2);
      seen.push(...page.listings.map((l) => l.id));
      expect(page.listings.every((l) => l.ownerName === "Lister Lee")).toBe(true);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.sort()).toEqual(made.sort());
    await moderate([made[0]], "takedown", "terms");
    expect((await findListingsForStaff(db, { q: "zebra", moderation: "takedown" })).listings.map((l) => l.id)).toEqual([
      made[0],
    ]);
    expect((await findListingsForStaff(db, { q: "zebra", category: "electronics" })).listings).toHaveLength(0);
  });
});
