import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { isAppError } from "#core/shared/app-error.ts";
import { acceptSwap, ONLY_RECEIVER_ACCEPTS } from "#core/swaps/accept-swap.ts";
import { handshakeIfPaid, markPartyPaid } from "#core/swaps/complete-swap-if-paid.ts";
import { confirmSwapped } from "#core/swaps/confirm-swapped.ts";
import { claimExpiryWarnings, expireSwaps } from "#core/swaps/expire-swaps.ts";
import { findMySwaps, findSwapForParty } from "#core/swaps/find-my-swaps.ts";
import { ALREADY_REVIEWED, leaveReview, REVIEW_NOT_YET } from "#core/swaps/leave-review.ts";
import {
  ALREADY_PROPOSED,
  OFFERED_NOT_AVAILABLE,
  OWN_LISTING,
  type ProposeSwapInput,
  proposeSwap,
  TARGET_NOT_AVAILABLE,
} from "#core/swaps/propose-swap.ts";
import { ONLY_RECEIVER_DECLINES, rejectSwap } from "#core/swaps/reject-swap.ts";
import {
  LISTING_NO_LONGER_AVAILABLE,
  MEMBER_NOT_ACTIVE,
  NOT_PENDING,
  PROPOSAL_EXPIRED,
  SWAP_NOT_FOUND,
} from "#core/swaps/swap-guards.ts";
import { MESSAGE_TOO_LONG, OFFER_REQUIRED, RATING_OUT_OF_RANGE, REVIEW_TOO_LONG } from "#core/swaps/swap-schema.ts";
import { ONLY_PROPOSER_WITHDRAWS, withdrawSwap } from "#core/swaps/withdraw-swap.ts";
import { listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { profiles } from "#db/schema/profiles.ts";
import { reviews, swapProposals } from "#db/schema/swaps.ts";
import { controlledClock, HOUR } from "../support/test-clock";
import { createListing, createMember, type TestMember } from "../support/factories";
import { proposalCount, refusal } from "../support/swap-fixtures";
import { setFlag } from "../support/flags";
import { databaseForThisFile } from "../support/database-for-file";

const { handle, db } = await databaseForThisFile();

const START = "2026-11-20T01:00:00.000Z";
const clock = controlledClock(START);
const deps = { db, clock };
beforeEach(() => clock.set(START));

async function swapRow(id: string) {
  const [row] = await db.select().from(swapProposals).where(eq(swapProposals.id, id));
  return row;
}

async function listingStatus(id: string) {
  const [row] = await db.select({ status: listings.status }).from(listings).where(eq(listings.id, id));
  return row.status;
}

/** Two members, a listing each, and a pending proposal from the first for the second's listing. */
async function pendingSwap(options: { message?: string } = {}) {
  const proposer = await createMember(db, {
    name: "Priya Sharma",
    phone: "0400 111 222",
    location: "Newtown NSW 2042",
  });
  const receiver = await createMember(db, {
    name: "Liam O'Connor",
    phone: "0400 333 444",
    location: "Fitzroy VIC 3065",
  });
  const offeredId = await createListing(db, proposer.id, { title: "Road bike" });
  const targetId = await createListing(db, receiver.id, { title: "Surfboard" });
  const { id: swapId } = await proposeSwap(deps, {
    proposerId: proposer.id,
    targetListingId: targetId,
    offeredListingId: offeredId,
    message: options.message,
  });
  return { proposer, receiver, offeredId, targetId, swapId };
}

/** Settles an accepted swap the way the payments module does: each party marked paid, then the handshake. */
async function payBoth(swapId: string, proposer: TestMember, receiver: TestMember) {
  return db.transaction(async (tx) => {
    await markPartyPaid(tx, { swapId, userId: proposer.id });
    expect(await handshakeIfPaid(tx, { swapId, now: clock.now() })).toBe(false);
    await markPartyPaid(tx, { swapId, userId: receiver.id });
    return handshakeIfPaid(tx, { swapId, now: clock.now() });
  });
}

describe("proposing a swap", () => {
  test("a member proposes a swap and the receiver is the target's owner, whatever the input claims", async () => {
    const proposer = await createMember(db);
    const owner = await createMember(db);
    const impostor = await createMember(db);
    const offeredListingId = await createListing(db, proposer.id);
    const targetListingId = await createListing(db, owner.id);
    const lying = {
      proposerId: proposer.id,
      targetListingId,
      offeredListingId,
      message: "  Keen to swap!  ",
      receiverId: impostor.id,
    };

    const { id } = await proposeSwap(deps, lying as ProposeSwapInput);

    const row = await swapRow(id);
    expect(row).toMatchObject({
      proposerId: proposer.id,
      receiverId: owner.id,
      status: "pending",
      message: "Keen to swap!",
    });
    expect(row.expiresAt.getTime()).toBe(clock.now().getTime() + 48 * HOUR);
    expect(row.createdAt.toISOString()).toBe(START);
  });

  test("proposing on your own listing is refused and inserts nothing", async () => {
    const member = await createMember(db);
    const mine = await createListing(db, member.id);
    const alsoMine = await createListing(db, member.id);
    const before = await proposalCount(db);
    expect(
      await refusal(proposeSwap(deps, { proposerId: member.id, targetListingId: mine, offeredListingId: alsoMine })),
    ).toEqual({
      code: "FORBIDDEN",
      message: OWN_LISTING,
    });
    expect(await proposalCount(db)).toBe(before);
  });

  test("offering someone else's listing, or an inactive one of your own, is refused and inserts nothing", async () => {
    const proposer = await createMember(db);
    const owner = await createMember(db);
    const target = await createListing(db, owner.id);
    const someoneElses = await createListing(db, (await createMember(db)).id);
    const offers = [
      someoneElses,
      await createListing(db, proposer.id, { status: "reserved" }),
      await createListing(db, proposer.id, { status: "swapped" }),
      await createListing(db, proposer.id, { status: "cancelled" }),
      await createListing(db, proposer.id, { status: "deleted" }),
      "not-a-listing-id",
      crypto.randomUUID(),
    ];
    const before = await proposalCount(db);
    for (const offeredListingId of offers) {
      expect(
        await refusal(proposeSwap(deps, { proposerId: proposer.id, targetListingId: target, offeredListingId })),
      ).toEqual({
        code: "VALIDATION",
        message: OFFERED_NOT_AVAILABLE,
      });
    }
    expect(await proposalCount(db)).toBe(before);
  });

  test("a deleted, cancelled, reserved or missing target, or one whose owner is suspended or deleted, is refused", async () => {
    const proposer = await createMember(db);
    const offered = await createListing(db, proposer.id);
    const owner = await createMember(db);
    const targets = [
      await createListing(db, owner.id, { status: "deleted" }),
      await createListing(db, owner.id, { status: "cancelled" }),
      await createListing(db, owner.id, { status: "reserved" }),
      await createListing(db, (await createMember(db, { status: "suspended" })).id),
      await createListing(db, (await createMember(db, { deleted: true })).id),
      crypto.randomUUID(),
      "42",
    ];
    const before = await proposalCount(db);
    for (const targetListingId of targets) {
      expect(
        await refusal(proposeSwap(deps, { proposerId: proposer.id, targetListingId, offeredListingId: offered })),
      ).toEqual({
        code: "NOT_FOUND",
        message: TARGET_NOT_AVAILABLE,
      });
    }
    expect(await proposalCount(db)).toBe(before);
  });

  test("a second pending proposal for the same pair is refused, but a new one is allowed once the first is withdrawn", async () => {
    const { proposer, offeredId, targetId, swapId } = await pendingSwap();
    const again = { proposerId: proposer.id, targetListingId: targetId, offeredListingId: offeredId };
    expect(await refusal(proposeSwap(deps, again))).toEqual({ code: "CONFLICT", message: ALREADY_PROPOSED });
    expect(await proposalCount(db, eq(swapProposals.targetListingId, targetId))).toBe(1);

    await withdrawSwap(deps, { swapId, actorId: proposer.id });
    await proposeSwap(deps, again);
    expect(await proposalCount(db, eq(swapProposals.targetListingId, targetId))).toBe(2);
  });

  test("two identical proposals sent at the same moment make one proposal; the other is refused", async () => {
    const proposer = await createMember(db);
    const offeredListingId = await createListing(db, proposer.id);
    const targetListingId = await createListing(db, (await createMember(db)).id);
    const input = { proposerId: proposer.id, targetListingId, offeredListingId };
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => proposeSwap(deps, input)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect([isAppError(r.reason), r.reason.message]).toEqual([true, ALREADY_PROPOSED]);
    }
    expect(await proposalCount(db, eq(swapProposals.targetListingId, targetListingId))).toBe(1);
  });

  test("a blank message is stored as no message, and one over 1000 characters is refused with 'Message too long'", async () => {
    const proposer = await createMember(db);
    const offeredListingId = await createListing(db, proposer.id);
    const owner = await createMember(db);
    const propose = async (message: string | undefined) =>
      proposeSwap(deps, {
        proposerId: proposer.id,
        targetListingId: await createListing(db, owner.id),
        offeredListingId,
        message,
      });

    expect((await swapRow((await propose("   \n ")).id)).message).toBeNull();
    expect((await swapRow((await propose(undefined)).id)).message).toBeNull();
    expect((await swapRow((await propose(` ${"x".repeat(1000)} `)).id)).message).toHaveLength(1000);
    const before = await proposalCount(db);
    expect(await refusal(propose("x".repeat(1001)))).toEqual({ code: "VALIDATION", message: MESSAGE_TOO_LONG });
    expect(await proposalCount(db)).toBe(before);
  });

  test("a proposal without an offered listing is refused with 'Please select a listing to offer'", async () => {
    const proposer = await createMember(db);
    const targetListingId = await createListing(db, (await createMember(db)).id);
    for (const offeredListingId of ["", "  ", undefined]) {
      const input = { proposerId: proposer.id, targetListingId, offeredListingId } as ProposeSwapInput;
      expect(await refusal(proposeSwap(deps, input))).toEqual({ code: "VALIDATION", message: OFFER_REQUIRED });
    }
  });
});

describe("accepting a proposal", () => {
  test("only the receiver accepts: the proposer is forbidden, a stranger is told it does not exist, and nothing changes", async () => {
    const { proposer, offeredId, targetId, swapId } = await pendingSwap();
    const stranger = await createMember(db);
    const before = await swapRow(swapId);

    expect(await refusal(acceptSwap(deps, { swapId, actorId: proposer.id }))).toEqual({
      code: "FORBIDDEN",
      message: ONLY_RECEIVER_ACCEPTS,
    });
    expect(await refusal(acceptSwap(deps, { swapId, actorId: stranger.id }))).toEqual({
      code: "NOT_FOUND",
      message: SWAP_NOT_FOUND,
    });
    expect(await refusal(acceptSwap(deps, { swapId: "nope", actorId: stranger.id }))).toEqual({
      code: "NOT_FOUND",
      message: SWAP_NOT_FOUND,
    });

    expect(await swapRow(swapId)).toEqual(before);
    expect([await listingStatus(offeredId), await listingStatus(targetId)]).toEqual(["active", "active"]);
  });

  test("accepting reserves both listings and rejects every other pending proposal on either listing", async () => {
    const { proposer, receiver, offeredId, targetId, swapId } = await pendingSwap();
    const third = await createMember(db);
    const thirdsListing = await createListing(db, third.id);
    const elsewhere = await createListing(db, (await createMember(db)).id);
    const propose = (proposerId: string, offeredListingId: string, targetListingId: string) =>
      proposeSwap(deps, { proposerId, offeredListingId, targetListingId }).then((r) => r.id);
    const touching = [
      await propose(third.id, thirdsListing, targetId), // someone else wants the same target
      await propose(third.id, thirdsListing, offeredId), // someone wants the proposer's offered listing
      await propose(proposer.id, offeredId, elsewhere), // the proposer offered the same listing elsewhere
      await propose(receiver.id, targetId, thirdsListing), // the receiver offered their listing elsewhere
    ];
    const unrelated = await propose(third.id, thirdsListing, elsewhere);
    clock.advance(HOUR);

    expect(await acceptSwap(deps, { swapId, actorId: receiver.id })).toMatchObject({ status: "accepted" });

    const accepted = await swapRow(swapId);
    expect(accepted).toMatchObject({
      status: "accepted",
      acceptedAt: clock.now(),
      respondedAt: clock.now(),
      rejectionReason: null,
    });
    expect([await listingStatus(offeredId), await listingStatus(targetId)]).toEqual(["reserved", "reserved"]);
    for (const id of touching) {
      expect(await swapRow(id)).toMatchObject({
        status: "rejected",
        rejectionReason: LISTING_NO_LONGER_AVAILABLE,
        respondedAt: clock.now(),
      });
    }
    expect((await swapRow(unrelated)).status).toBe("pending");
    expect(await listingStatus(thirdsListing)).toBe("active");
  });

  test("an expired proposal can never be accepted, even if no job has marked it expired", async () => {
    const { receiver, offeredId, targetId, swapId } = await pendingSwap();
    clock.advance(48 * HOUR + 1000);
    expect(await refusal(acceptSwap(deps, { swapId, actorId: receiver.id }))).toEqual({
      code: "CONFLICT",
      message: PROPOSAL_EXPIRED,
    });
    expect((await swapRow(swapId)).status).toBe("pending");
    expect([await listingStatus(offeredId), await listingStatus(targetId)]).toEqual(["active", "active"]);
  });

  test("a proposal can still be accepted one second before its 48 hours are up", async () => {
    const { receiver, swapId } = await pendingSwap();
    clock.advance(48 * HOUR - 1000);
    expect(await acceptSwap(deps, { swapId, actorId: receiver.id })).toMatchObject({ status: "accepted" });
  });

  test("a proposal that was declined or already accepted is no longer pending", async () => {
    const declined = await pendingSwap();
    await rejectSwap(deps, { swapId: declined.swapId, actorId: declined.receiver.id });
    expect(await refusal(acceptSwap(deps, { swapId: declined.swapId, actorId: declined.receiver.id }))).toEqual({
      code: "CONFLICT",
      message: NOT_PENDING,
    });

    const accepted = await pendingSwap();
    await acceptSwap(deps, { swapId: accepted.swapId, actorId: accepted.receiver.id });
    expect(await refusal(acceptSwap(deps, { swapId: accepted.swapId, actorId: accepted.receiver.id }))).toEqual({
      code: "CONFLICT",
      message: NOT_PENDING,
    });
  });

  test("if a listing was taken down in the meantime, accepting is refused and everything is rolled back", async () => {
    const { receiver, offeredId, targetId, swapId } = await pendingSwap();
    const third = await createMember(db);
    const { id: otherId } = await proposeSwap(deps, {
      proposerId: third.id,
      offeredListingId: await createListing(db, third.id),
      targetListingId: targetId,
    });
    await db.update(listings).set({ status: "cancelled" }).where(eq(listings.id, offeredId));

    expect(await refusal(acceptSwap(deps, { swapId, actorId: receiver.id }))).toEqual({
      code: "CONFLICT",
      message: LISTING_NO_LONGER_AVAILABLE,
    });
    expect((await swapRow(swapId)).status).toBe("pending");
    expect((await swapRow(otherId)).status).toBe("pending");
    expect(await listingStatus(targetId)).toBe("active");
  });

  test("a suspended or deleted proposer's offer can no longer be accepted, and nothing changes", async () => {
    for (const change of [
      { status: "suspended" as const },
      { deletedAt: new Date(), permanentDeletionAt: new Date(Date.now() + 30 * 24 * HOUR) },
    ]) {
      const { proposer, receiver, offeredId, targetId, swapId } = await pendingSwap();
      await db.update(profiles).set(change).where(eq(profiles.userId, proposer.id));
      expect(await refusal(acceptSwap(deps, { swapId, actorId: receiver.id }))).toEqual({
        code: "CONFLICT",
        message: MEMBER_NOT_ACTIVE,
      });
      expect((await swapRow(swapId)).status).toBe("pending");
      expect(await listingStatus(offeredId)).toBe("active");
      expect(await listingStatus(targetId)).toBe("active");
    }
  });

  test("with swap payments switched off, accepting goes straight to the handshake (arranging) with waived payments", async () => {
    await setFlag(db, "enable_swap_payments", false);
    try {
      const { proposer, receiver, offeredId, targetId, swapId } = await pendingSwap();
      expect(await acceptSwap(deps, { swapId, actorId: receiver.id })).toMatchObject({ status: "arranging" });

      expect(await swapRow(swapId)).toMatchObject({
        status: "arranging",
        acceptedAt: clock.now(),
        handshakeAt: clock.now(),
        completedAt: null,
        proposerPaid: true,
        receiverPaid: true,
      });
      expect([await listingStatus(offeredId), await listingStatus(targetId)]).toEqual(["swapped", "swapped"]);
      const payments = await db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId));
      expect(payments.map((p) => [p.userId, p.provider, p.amountCents, p.creditCents, p.status]).sort()).toEqual(
        [
          [proposer.id, "waived", 0, 0, "completed"],
          [receiver.id, "waived", 0, 0, "completed"],
        ].sort(),
      );
    } finally {
      await setFlag(db, "enable_swap_payments", true);
    }
  });
});

describe.skipIf(handle.kind !== "postgres")(
  "racing accepts (PostgreSQL only: PGlite runs one query at a time, so nothing can race there)",
  () => {
    test("20 accepts of 20 proposals for one listing, all at once: exactly one wins and the listing is reserved once", async () => {
      const receiver = await createMember(db);
      const targetId = await createListing(db, receiver.id);
      const proposals: { swapId: string; offeredId: string }[] = [];
      for (let i = 0; i < 20; i++) {
        const proposer = await createMember(db);
        const offeredId = await createListing(db, proposer.id);
        const { id } = await proposeSwap(deps, {
          proposerId: proposer.id,
          offeredListingId: offeredId,
          targetListingId: targetId,
        });
        proposals.push({ swapId: id, offeredId });
      }

      const results = await Promise.allSettled(
        proposals.map((p) => acceptSwap(deps, { swapId: p.swapId, actorId: receiver.id })),
      );

      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) {
        // Refused with a product message: no deadlock, no serialisation failure, no 500.
        if (r.status === "rejected")
          expect([isAppError(r.reason) && r.reason.code, r.reason.message]).toEqual(["CONFLICT", NOT_PENDING]);
      }
      const rows = await db.select().from(swapProposals).where(eq(swapProposals.targetListingId, targetId));
      const winners = rows.filter((r) => r.status === "accepted");
      expect(winners).toHaveLength(1);
      expect(
        rows.filter((r) => r.status === "rejected" && r.rejectionReason === LISTING_NO_LONGER_AVAILABLE),
      ).toHaveLength(19);
      expect(await listingStatus(targetId)).toBe("reserved");
      const offered = await db
        .select()
        .from(listings)
        .where(
          inArray(
            listings.id,
            proposals.map((p) => p.offeredId),
          ),
        );
      expect(offered.filter((l) => l.status === "reserved").map((l) => l.id)).toEqual([winners[0].offeredListingId]);
      expect(offered.filter((l) => l.status === "active")).toHaveLength(19);
    });

    test("20 accepts of the same proposal, all at once: exactly one wins", async () => {
      const { receiver, offeredId, targetId, swapId } = await pendingSwap();
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => acceptSwap(deps, { swapId, actorId: receiver.id })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) {
        if (r.status === "rejected")
          expect([isAppError(r.reason) && r.reason.code, r.reason.message]).toEqual(["CONFLICT", NOT_PENDING]);
      }
      expect((await swapRow(swapId)).status).toBe("accepted");
      expect([await listingStatus(offeredId), await listingStatus(targetId)]).toEqual(["reserved", "reserved"]);
    });

    test("accepts racing on crossing listings cannot deadlock: each listing ends up in at most one accepted swap", async () => {
      // Members A and B each have two listings; proposals cross between them in both directions.
      const a = await createMember(db);
      const b = await createMember(db);
      const [a1, a2] = [await createListing(db, a.id), await createListing(db, a.id)];
      const [b1, b2] = [await createListing(db, b.id), await createListing(db, b.id)];
      const pairs: [TestMember, string, TestMember, string][] = [
        [a, a1, b, b1],
        [a, a2, b, b1],
        [a, a1, b, b2],
        [b, b1, a, a1],
        [b, b2, a, a2],
        [b, b2, a, a1],
      ];
      const swaps: { id: string; receiver: TestMember }[] = [];
      for (const [proposer, offered, receiver, target] of pairs) {
        const { id } = await proposeSwap(deps, {
          proposerId: proposer.id,
          offeredListingId: offered,
          targetListingId: target,
        });
        swaps.push({ id, receiver });
      }
      const results = await Promise.allSettled(
        swaps.map((s) => acceptSwap(deps, { swapId: s.id, actorId: s.receiver.id })),
      );
      for (const r of results) if (r.status === "rejected") expect(isAppError(r.reason)).toBe(true);

      const accepted = await db
        .select()
        .from(swapProposals)
        .where(
          and(
            inArray(
              swapProposals.id,
              swaps.map((s) => s.id),
            ),
            eq(swapProposals.status, "accepted"),
          ),
        );
      expect(accepted.length).toBe(results.filter((r) => r.status === "fulfilled").length);
      expect(accepted.length).toBeGreaterThan(0);
      const used = accepted.flatMap((s) => [s.offeredListingId, s.targetListingId]);
      expect(new Set(used).size).toBe(used.length);
    });
  },
);

describe("declining and withdrawing", () => {
  test("the receiver declines a pending proposal; the proposer cannot, and a stranger is told it does not exist", async () => {
    const { proposer, receiver, swapId } = await pendingSwap();
    const stranger = await createMember(db);
    expect(await refusal(rejectSwap(deps, { swapId, actorId: proposer.id }))).toEqual({
      code: "FORBIDDEN",
      message: ONLY_RECEIVER_DECLINES,
    });
    expect(await refusal(rejectSwap(deps, { swapId, actorId: stranger.id }))).toEqual({
      code: "NOT_FOUND",
      message: SWAP_NOT_FOUND,
    });
    expect((await swapRow(swapId)).status).toBe("pending");

    clock.advance(HOUR);
    await rejectSwap(deps, { swapId, actorId: receiver.id });
    expect(await swapRow(swapId)).toMatchObject({
      status: "rejected",
      respondedAt: clock.now(),
      rejectionReason: null,
    });
    expect(await refusal(rejectSwap(deps, { swapId, actorId: receiver.id }))).toEqual({
      code: "CONFLICT",
      message: NOT_PENDING,
    });
  });

  test("the proposer withdraws a pending proposal; the receiver cannot, and a stranger is told it does not exist", async () => {
    const { proposer, receiver, swapId } = await pendingSwap();
    const stranger = await createMember(db);
    expect(await refusal(withdrawSwap(deps, { swapId, actorId: receiver.id }))).toEqual({
      code: "FORBIDDEN",
      message: ONLY_PROPOSER_WITHDRAWS,
    });
    expect(await refusal(withdrawSwap(deps, { swapId, actorId: stranger.id }))).toEqual({
      code: "NOT_FOUND",
      message: SWAP_NOT_FOUND,
    });
    expect((await swapRow(swapId)).status).toBe("pending");

    await withdrawSwap(deps, { swapId, actorId: proposer.id });
    expect(await swapRow(swapId)).toMatchObject({ status: "withdrawn", respondedAt: clock.now() });
    expect(await refusal(acceptSwap(deps, { swapId, actorId: receiver.id }))).toEqual({
      code: "CONFLICT",
      message: NOT_PENDING,
    });
  });

  test("an accepted proposal can no longer be withdrawn or declined", async () => {
    const { proposer, receiver, swapId } = await pendingSwap();
    await acceptSwap(deps, { swapId, actorId: receiver.id });
    expect(await refusal(withdrawSwap(deps, { swapId, actorId: proposer.id }))).toEqual({
      code: "CONFLICT",
      message: NOT_PENDING,
    });
    expect(await refusal(rejectSwap(deps, { swapId, actorId: receiver.id }))).toEqual({
      code: "CONFLICT",
      message: NOT_PENDING,
    });
    expect((await swapRow(swapId)).status).toBe("accepted");
  });
});

describe("expiry", () => {
  test("expireSwaps marks a pending proposal expired once its 48 hours are up, and not before", async () => {
    const { swapId } = await pendingSwap();
    const answered = await pendingSwap();
    await rejectSwap(deps, { swapId: answered.swapId, actorId: answered.receiver.id });

    clock.advance(48 * HOUR - 1000);
    expect(await expireSwaps(deps)).not.toContain(swapId);
    expect((await swapRow(swapId)).status).toBe("pending");

    clock.advance(1000);
    const expired = await expireSwaps(deps);
    expect(expired).toContain(swapId);
    expect(expired).not.toContain(answered.swapId);
    expect((await swapRow(swapId)).status).toBe("expired");
    expect((await swapRow(answered.swapId)).status).toBe("rejected");
    expect(await expireSwaps(deps)).not.toContain(swapId);
  });

  test("claimExpiryWarnings claims each proposal expiring within 6 hours exactly once, even when called concurrently", async () => {
    const soon = await pendingSwap();
    clock.advance(10 * HOUR);
    const later = await pendingSwap();
    clock.set(new Date(new Date(START).getTime() + 43 * HOUR)); // `soon` expires in 5 h, `later` in 15 h

    const claims = (await Promise.all(Array.from({ length: 5 }, () => claimExpiryWarnings(deps)))).flat();
    const mine = claims.filter((c) => c.id === soon.swapId || c.id === later.swapId);
    expect(mine).toEqual([
      {
        id: soon.swapId,
        proposerId: soon.proposer.id,
        receiverId: soon.receiver.id,
        deadline: new Date(new Date(START).getTime() + 48 * HOUR),
      },
    ]);
    expect((await claimExpiryWarnings(deps)).map((c) => c.id)).not.toContain(soon.swapId);

    clock.advance(10 * HOUR); // now `later` is 5 h from expiry
    expect((await claimExpiryWarnings(deps)).map((c) => c.id)).toContain(later.swapId);
    expect((await claimExpiryWarnings(deps)).map((c) => c.id)).not.toContain(later.swapId);
  });
});

describe("my swaps", () => {
  test("My Swaps shows each member their side: received and sent, newest first, with the other party's name", async () => {
    const receiver = await createMember(db, { name: "Mei Chen" });
    const targetId = await createListing(db, receiver.id, { title: "Kayak" });
    const first = await createMember(db, { name: "Tom Baker" });
    const second = await createMember(db, { name: "Aisha Khan" });
    const { id: older } = await proposeSwap(deps, {
      proposerId: first.id,
      offeredListingId: await createListing(db, first.id, { title: "Tent" }),
      targetListingId: targetId,
      message: "Happy to add pegs",
    });
    clock.advance(HOUR);
    const { id: newer } = await proposeSwap(deps, {
      proposerId: second.id,
      offeredListingId: await createListing(db, second.id, { title: "Camera" }),
      targetListingId: targetId,
    });

    const mine = await findMySwaps(db, { userId: receiver.id });
    expect(mine.sent).toEqual([]);
    expect(mine.received.map((s) => s.id)).toEqual([newer, older]);
    expect(mine.received[1]).toMatchObject({
      status: "pending",
      message: "Happy to add pegs",
      myRole: "receiver",
      iPaid: false,
      otherParty: { id: first.id, name: "Tom Baker" },
      offered: { title: "Tent", valueMin: 120, valueMax: 180 },
      target: { id: targetId, title: "Kayak" },
      contact: null,
    });
    expect(mine.received[1].offered.images[0].key).toMatch(/^listings\//);

    const theirs = await findMySwaps(db, { userId: first.id });
    expect(theirs.received).toEqual([]);
    expect(theirs.sent.map((s) => [s.id, s.myRole, s.otherParty.name])).toEqual([[older, "proposer", "Mei Chen"]]);
  });

  test("before completion no contact detail of the other party appears anywhere in My Swaps", async () => {
    const { proposer, receiver, swapId } = await pendingSwap();
    const secrets = (m: TestMember) => [m.email, m.phone as string, m.location as string];
    const check = async () => {
      const asProposer = JSON.stringify([
        await findMySwaps(db, { userId: proposer.id }),
        await findSwapForParty(db, { swapId, userId: proposer.id }),
      ]);
      const asReceiver = JSON.stringify([
        await findMySwaps(db, { userId: receiver.id }),
        await findSwapForParty(db, { swapId, userId: receiver.id }),
      ]);
      for (const secret of [...secrets(receiver), "@"]) expect(asProposer).not.toContain(secret);
      for (const secret of [...secrets(proposer), "@"]) expect(asReceiver).not.toContain(secret);
      expect((await findSwapForParty(db, { swapId, userId: proposer.id }))?.contact).toBeNull();
    };
    await check(); // pending
    await acceptSwap(deps, { swapId, actorId: receiver.id });
    await db.transaction((tx) => markPartyPaid(tx, { swapId, userId: receiver.id }));
    await check(); // accepted, one party paid
    expect((await findSwapForParty(db, { swapId, userId: receiver.id }))?.iPaid).toBe(true);
    expect((await findSwapForParty(db, { swapId, userId: proposer.id }))?.iPaid).toBe(false);
  });

  test("after both parties have paid the swap is arranging (not completed) and each sees the other's contact details", async () => {
    const { proposer, receiver, offeredId, targetId, swapId } = await pendingSwap();
    await acceptSwap(deps, { swapId, actorId: receiver.id });
    clock.advance(HOUR);
    expect(await payBoth(swapId, proposer, receiver)).toBe(true);
    expect(await swapRow(swapId)).toMatchObject({ status: "arranging", handshakeAt: clock.now(), completedAt: null });
    expect([await listingStatus(offeredId), await listingStatus(targetId)]).toEqual(["swapped", "swapped"]);
    expect(await db.transaction((tx) => handshakeIfPaid(tx, { swapId, now: clock.now() }))).toBe(false);

    const sent = (await findMySwaps(db, { userId: proposer.id })).sent.find((s) => s.id === swapId);
    expect(sent?.contact).toEqual({
      name: receiver.name,
      email: receiver.email,
      phone: receiver.phone,
      location: receiver.location,
    });
    const received = await findSwapForParty(db, { swapId, userId: receiver.id });
    expect(received?.contact).toEqual({
      name: proposer.name,
      email: proposer.email,
      phone: proposer.phone,
      location: proposer.location,
    });
  });

  test("a stranger cannot see a swap, nor mark it paid", async () => {
    const { swapId, receiver } = await pendingSwap();
    const stranger = await createMember(db);
    expect(await findSwapForParty(db, { swapId, userId: stranger.id })).toBeNull();
    expect(await findSwapForParty(db, { swapId: "not-a-uuid", userId: stranger.id })).toBeNull();
    const strangers = await findMySwaps(db, { userId: stranger.id });
    expect([...strangers.received, ...strangers.sent]).toEqual([]);

    await acceptSwap(deps, { swapId, actorId: receiver.id });
    expect(await refusal(db.transaction((tx) => markPartyPaid(tx, { swapId, userId: stranger.id })))).toEqual({
      code: "NOT_FOUND",
      message: SWAP_NOT_FOUND,
    });
  });
});

describe("reviews", () => {
  async function completedSwap() {
    const swap = await pendingSwap();
    await acceptSwap(deps, { swapId: swap.swapId, actorId: swap.receiver.id });
    await payBoth(swap.swapId, swap.proposer, swap.receiver);
    // Arranging until both confirm "We've swapped" (decision 096).
    await confirmSwapped(deps, { swapId: swap.swapId, actorId: swap.proposer.id });
    await confirmSwapped(deps, { swapId: swap.swapId, actorId: swap.receiver.id });
    return swap;
  }

  test("a review can only be left once the swap is completed", async () => {
    const { proposer, receiver, swapId } = await pendingSwap();
    const review = { swapId, reviewerId: proposer.id, rating: 5 };
    expect(await refusal(leaveReview(deps, review))).toEqual({ code: "CONFLICT", message: REVIEW_NOT_YET });
    await acceptSwap(deps, { swapId, actorId: receiver.id });
    expect(await refusal(leaveReview(deps, review))).toEqual({ code: "CONFLICT", message: REVIEW_NOT_YET });
    // Paid is not completed: arranging swaps are not reviewed yet.
    await payBoth(swapId, proposer, receiver);
    expect(await refusal(leaveReview(deps, review))).toEqual({ code: "CONFLICT", message: REVIEW_NOT_YET });
    expect(await db.select().from(reviews).where(eq(reviews.swapProposalId, swapId))).toEqual([]);
  });

  test("each party reviews the other once; a stranger cannot review", async () => {
    const { proposer, receiver, swapId } = await completedSwap();
    const stranger = await createMember(db);
    await leaveReview(deps, { swapId, reviewerId: proposer.id, rating: 5, comment: "  Smooth swap, great bike.  " });
    expect(await refusal(leaveReview(deps, { swapId, reviewerId: proposer.id, rating: 1 }))).toEqual({
      code: "CONFLICT",
      message: ALREADY_REVIEWED,
    });
    await leaveReview(deps, { swapId, reviewerId: receiver.id, rating: 4, comment: "   " });
    expect(await refusal(leaveReview(deps, { swapId, reviewerId: stranger.id, rating: 3 }))).toEqual({
      code: "NOT_FOUND",
      message: SWAP_NOT_FOUND,
    });

    const rows = await db.select().from(reviews).where(eq(reviews.swapProposalId, swapId));
    expect(rows.map((r) => [r.reviewerId, r.revieweeId, r.rating, r.comment]).sort()).toEqual(
      [
        [proposer.id, receiver.id, 5, "Smooth swap, great bike."],
        [receiver.id, proposer.id, 4, null],
      ].sort(),
    );
  });

  test("a rating outside 1 to 5, or a review over 1000 characters, is refused", async () => {
    const { proposer, swapId } = await completedSwap();
    for (const rating of [0, 6, 3.5, Number.NaN, "five"]) {
      expect(await refusal(leaveReview(deps, { swapId, reviewerId: proposer.id, rating }))).toEqual({
        code: "VALIDATION",
        message: RATING_OUT_OF_RANGE,
      });
    }
    expect(
      await refusal(leaveReview(deps, { swapId, reviewerId: proposer.id, rating: 5, comment: "x".repeat(1001) })),
    ).toEqual({
      code: "VALIDATION",
      message: REVIEW_TOO_LONG,
    });
    expect(await db.select().from(reviews).where(eq(reviews.swapProposalId, swapId))).toEqual([]);
    await leaveReview(deps, { swapId, reviewerId: proposer.id, rating: 1, comment: "x".repeat(1000) });
  });
});
