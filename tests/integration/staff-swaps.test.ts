import { and, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import * as swapPage from "#app/routes/admin/swaps.$id.tsx";
import * as swapsPage from "#app/routes/admin/swaps.tsx";
import { systemClock } from "#core/shared/clock.ts";
import { CANCELLED_BY_STAFF } from "#core/payments/cancel-swap-as-staff.ts";
import { findSwapForStaff } from "#core/payments/find-swap-for-staff.ts";
import { findSwapsForStaff } from "#core/swaps/find-swaps-for-staff.ts";
import { findMySwaps } from "#core/swaps/find-my-swaps.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { createPaymentTestApp, grantCredit, ledgerOf } from "../support/payment-fixtures";
import { createListing, createMember, createStaff, createSwap } from "../support/factories";
import { load, postForm, type RouteCaller } from "../support/staff-route";
import { auditRows, openCheckout, payByCard, payFromCredit, swapRow } from "../support/staff-payment-fixtures";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const clock = systemClock;
const testApp = createPaymentTestApp(handle, { clock });
const pay = { db, clock, provider: testApp.provider };
const caller: RouteCaller = { db, clock, provider: testApp.provider, testApp };

const admin = await createStaff(db, ["admin"], { name: "Avery Admin" });
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
const adminWithoutTotp = await createStaff(db, ["admin"], { totp: false });

const act = (user: typeof admin, swapId: string, form: Record<string, string>) =>
  postForm(caller, swapPage, { user, path: `/admin/swaps/${swapId}`, params: { id: swapId }, form });
const listingStatuses = async (ids: string[]) =>
  (await db.select({ id: listings.id, status: listings.status }).from(listings).where(inArray(listings.id, ids))).map(
    (l) => l.status,
  );
const cancelMailTo = (userId: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.toAddress, `${userId}@example.com.au`), eq(mailOutbox.template, "swap_cancelled_by_staff")),
    );

async function pendingSwap() {
  const proposer = await createMember(db, { name: "Pat Proposer" });
  const receiver = await createMember(db, { name: "Rae Receiver" });
  const { id } = await proposeSwap(
    { db, clock },
    {
      proposerId: proposer.id,
      targetListingId: await createListing(db, receiver.id),
      offeredListingId: await createListing(db, proposer.id),
    },
  );
  return id;
}

describe("cancelling a swap", () => {
  test("an admin cancels an accepted swap: rejected, both listings active again, the open checkout closed with its credit returned, both parties e-mailed, one audit row", async () => {
    const { swapId, proposerId, receiverId, offeredListingId, targetListingId } = await createSwap(db, {
      status: "accepted",
    });
    await payByCard(pay, swapId, proposerId);
    await grantCredit(db, receiverId, 300);
    const { payment: open } = await openCheckout(pay, swapId, receiverId);
    expect(open).toMatchObject({ status: "pending", creditCents: 300, amountCents: 699 });

    const answer = await act(admin, swapId, { intent: "cancel", reason: "Receiver reported a scam attempt" });
    expect(answer).toMatchObject({ status: 302, location: `/admin/swaps/${swapId}`, flash: "Swap cancelled" });
    expect(await swapRow(db, swapId)).toMatchObject({ status: "rejected", rejectionReason: CANCELLED_BY_STAFF });
    expect(await listingStatuses([offeredListingId, targetListingId])).toEqual(["active", "active"]);
    const { payments } = (await findSwapForStaff(db, { swapId })) ?? { payments: [] };
    expect(payments.find((p) => p.id === open.id)).toMatchObject({ status: "failed" });
    // The proposer's fee was only held: the swap never reached the handshake, so the hold is let go, nothing charged.
    const held = payments.find((p) => p.userId === proposerId);
    expect(held).toMatchObject({ status: "released", releaseReason: "swap_cancelled", capturedAt: null });
    expect(await ledgerOf(db, receiverId)).toEqual([
      [-300, "handshake_fee"],
      [300, "admin_credit"],
      [300, "reversal"],
    ]);
    for (const [party, paid] of [
      [proposerId, "was only held, not charged"],
      [receiverId, "You hadn't paid"],
    ]) {
      const [mail, ...more] = await cancelMailTo(party);
      expect(more).toHaveLength(0);
      expect(mail.subject).toMatch(/^Your swap with .+ was cancelled$/);
      expect(mail.textBody).toContain("Receiver reported a scam attempt");
      expect(mail.textBody).toContain(paid);
    }
    const [row] = await auditRows(db, "cancel_swap", swapId);
    expect(row).toMatchObject({ adminId: admin.id, targetType: "swap", ip: "203.0.113.7", userAgent: "vitest" });
    expect(row.metadata).toMatchObject({
      reason: "Receiver reported a scam attempt",
      before: { status: "accepted" },
      after: { status: "rejected" },
      checkoutsClosed: [open.id],
      holdsReleased: [held?.id],
      feesPaid: { proposer: true, receiver: false },
    });
    // The member's card now says why.
    const { sent } = await findMySwaps(db, { userId: proposerId });
    expect(sent.find((s) => s.id === swapId)).toMatchObject({
      status: "rejected",
      rejectionReason: CANCELLED_BY_STAFF,
    });
  });

  test("a pending proposal can be cancelled too; a cancelled or closed swap cannot, and a refused cancel changes nothing and writes no audit row", async () => {
    const swapId = await pendingSwap();
    expect(await act(admin, swapId, { intent: "cancel", reason: "  " })).toMatchObject({
      status: 400,
      error: "Failed to cancel swap: A reason is required",
    });
    expect((await swapRow(db, swapId)).status).toBe("pending");
    expect(await auditRows(db, "cancel_swap", swapId)).toHaveLength(0);

    expect((await act(admin, swapId, { intent: "cancel", reason: "duplicate" })).flash).toBe("Swap cancelled");
    const before = await swapRow(db, swapId);
    expect(await act(admin, swapId, { intent: "cancel", reason: "again" })).toMatchObject({
      status: 409,
      error: "Failed to cancel swap: This swap is already cancelled",
    });
    expect(await swapRow(db, swapId)).toEqual(before);
    expect(await auditRows(db, "cancel_swap", swapId)).toHaveLength(1);

    const completed = await createSwap(db, { status: "accepted" });
    await payByCard(pay, completed.swapId, completed.proposerId);
    await payByCard(pay, completed.swapId, completed.receiverId);
    // Paid by both: arranging (decision 096), past what a cancel can undo.
    expect((await swapRow(db, completed.swapId)).status).toBe("arranging");
    expect(await act(admin, completed.swapId, { intent: "cancel", reason: "fraud" })).toMatchObject({
      status: 409,
      error: "Failed to cancel swap: Only a pending or accepted swap can be cancelled",
    });
    expect((await swapRow(db, completed.swapId)).status).toBe("arranging");
    // The page offers Cancel swap only where it can work (the spec: disabled once rejected).
    const page = await load(caller, swapPage, { user: admin, path: `/admin/swaps/${swapId}`, params: { id: swapId } });
    expect(page.data?.swap).toMatchObject({ status: "rejected", cancellable: false });
  });
});

describe("disputes", () => {
  test("an admin marks a dispute, both parties see it is under review on My Swaps, and resolving it takes that away; one audit row each", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    const underReview = async (userId: string) => {
      const { sent, received } = await findMySwaps(db, { userId });
      return [...sent, ...received].find((s) => s.id === swapId)?.underReview;
    };
    expect(await underReview(proposerId)).toBe(false);
    expect(await act(admin, swapId, { intent: "mark-dispute", notes: "" })).toMatchObject({
      status: 400,
      error: "Failed to mark dispute: Notes are required",
    });
    expect(
      await act(admin, swapId, { intent: "mark-dispute", notes: "Receiver says the drill has no battery" }),
    ).toMatchObject({ flash: "Dispute marked" });
    expect(await underReview(proposerId)).toBe(true);
    expect(await underReview(receiverId)).toBe(true);
    expect(await act(admin, swapId, { intent: "mark-dispute", notes: "again" })).toMatchObject({
      status: 409,
      error: "Failed to mark dispute: This swap is already under dispute",
    });
    expect((await findSwapsForStaff(db, { dispute: "open" })).swaps.map((s) => s.id)).toContain(swapId);

    expect(
      await act(admin, swapId, { intent: "resolve-dispute", resolution: "Proposer sent the battery by post" }),
    ).toMatchObject({ flash: "Dispute resolved" });
    expect(await underReview(proposerId)).toBe(false);
    expect(await swapRow(db, swapId)).toMatchObject({
      isDisputed: false,
      disputeNotes: "Receiver says the drill has no battery",
      disputeResolution: "Proposer sent the battery by post",
      status: "accepted",
    });
    expect(await act(admin, swapId, { intent: "resolve-dispute", resolution: "twice" })).toMatchObject({
      status: 409,
      error: "Failed to resolve dispute: This swap has no open dispute",
    });
    expect((await auditRows(db, "mark_dispute", swapId)).map((r) => r.metadata)).toEqual([
      { notes: "Receiver says the drill has no battery", status: "accepted", reopened: false },
    ]);
    expect(await auditRows(db, "resolve_dispute", swapId)).toHaveLength(1);
    expect((await findSwapsForStaff(db, { dispute: "resolved" })).swaps.map((s) => s.id)).toContain(swapId);
    expect((await findSwapsForStaff(db, { dispute: "open" })).swaps.map((s) => s.id)).not.toContain(swapId);
  });

  test("the admin rate limit: the 11th dispute action in a minute is refused with the time to try again, and changes nothing", async () => {
    const busyAdmin = await createStaff(db, ["admin"], { name: "Busy Admin" });
    const swaps: string[] = [];
    for (let i = 0; i < 11; i++) swaps.push((await createSwap(db, { status: "accepted" })).swapId);
    for (const swapId of swaps.slice(0, 10))
      expect((await act(busyAdmin, swapId, { intent: "mark-dispute", notes: "n" })).flash).toBe("Dispute marked");
    const refused = await act(busyAdmin, swaps[10], { intent: "mark-dispute", notes: "n" });
    expect(refused.status).toBe(429);
    expect(refused.error).toMatch(/^Rate limit exceeded\. Try again at /);
    expect((await swapRow(db, swaps[10])).isDisputed).toBe(false);
    expect(await auditRows(db, "mark_dispute", swaps[10])).toHaveLength(0);
  });
});

describe("who may do what on a swap", () => {
  test("a moderator reads the swaps but every swap action is refused on the server: told why in the back office, nothing changed, no audit row", async () => {
    const { swapId, proposerId, offeredListingId } = await createSwap(db, { status: "accepted" });
    const completed = await payByCard(pay, swapId, proposerId);
    expect((await load(caller, swapsPage, { user: moderator, path: "/admin/swaps" })).data).not.toBeNull();
    const page = await load(caller, swapPage, {
      user: moderator,
      path: `/admin/swaps/${swapId}`,
      params: { id: swapId },
    });
    expect(page.data?.may).toEqual({
      cancel: false,
      "mark-dispute": false,
      "resolve-dispute": false,
      refund: false,
      credit: false,
      "resolve-problem": false,
    });

    const before = await swapRow(db, swapId);
    const forms: Record<string, string>[] = [
      { intent: "cancel", reason: "forged" },
      { intent: "mark-dispute", notes: "forged" },
      { intent: "resolve-dispute", resolution: "forged" },
      { intent: "refund", paymentId: completed.id, reason: "forged" },
      { intent: "credit", userId: proposerId, reason: "forged" },
      { intent: "resolve-problem", problemId: crypto.randomUUID(), resolution: "forged" },
    ];
    for (const form of forms) {
      expect(await act(moderator, swapId, form), form.intent).toMatchObject({
        status: 302,
        location: `/admin/swaps/${swapId}`,
        flash: expect.stringMatching(/^Only admins can /),
      });
      // An admin who has not set up two-factor is sent to do so first.
      expect(await act(adminWithoutTotp, swapId, form), form.intent).toMatchObject({
        status: 302,
        location: expect.stringMatching(/^\/admin\/two-factor\?redirectTo=/),
      });
    }
    expect(await swapRow(db, swapId)).toEqual(before);
    expect((await listingStatuses([offeredListingId]))[0]).toBe("reserved");
    expect(await ledgerOf(db, proposerId)).toEqual([]);
    const rows = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, moderator.id)));
    expect(rows).toHaveLength(0);
    expect((await db.select().from(swapProposals).where(eq(swapProposals.id, swapId)))[0].proposerPaid).toBe(true);
  });
});

describe("the swaps list and a swap's page", () => {
  test("lists newest first a page at a time, filtered by status", async () => {
    const made = [await pendingSwap(), await pendingSwap(), await pendingSwap()];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof findSwapsForStaff>> = await findSwapsForStaff(
        db,
        { status: "pending", cursor },
        2,
      );
      seen.push(...page.swaps.map((s) => s.id));
      expect(page.swaps.every((s) => s.status === "pending")).toBe(true);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual((await findSwapsForStaff(db, { status: "pending" })).swaps.map((s) => s.id));
    expect(seen.slice(0, 3)).toEqual([...made].reverse());
    expect((await findSwapsForStaff(db, { status: "nonsense", cursor: "not-a-uuid" })).swaps.length).toBeGreaterThan(3);
  });

  test("shows both parties and listings, the timeline with real times, and the payments oldest first", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    const card = await payByCard(pay, swapId, proposerId);
    await grantCredit(db, receiverId, 999);
    const credit = await payFromCredit(pay, swapId, receiverId);
    const found = await findSwapForStaff(db, { swapId });
    if (!found) throw new Error("not found");
    expect(found.swap.status).toBe("arranging");
    expect(found.proposer).toMatchObject({ id: proposerId, name: "Priya Sharma", creditCents: 0 });
    expect(found.receiver).toMatchObject({ id: receiverId, name: "Tom O'Brien", creditCents: 0 });
    expect([found.offered?.title, found.target?.title]).toEqual(["Makita drill kit", "Ryobi mower"]);
    expect(found.payments.map((p) => p.id)).toEqual([card.id, credit.id]);
    // Paid when the provider's checkout event was processed; by credit when the fee was recorded.
    const checkoutEvent = found.payments[0].events.find((e) => e.type === "checkout.session.completed");
    expect(checkoutEvent?.status).toBe("processed");
    expect(found.timeline.map((s) => [s.label, s.state])).toEqual([
      ["Proposed", "done"],
      ["Updated", "done"],
      ["Accepted", "done"],
      ["Proposer Paid", "done"],
      ["Receiver Paid", "done"],
      ["Arranging", "done"],
      ["Completed", "waiting"],
    ]);
    const at = Object.fromEntries(found.timeline.map((s) => [s.label, s.at]));
    expect(at["Proposer Paid"]).toEqual(checkoutEvent?.processedAt);
    expect(at["Receiver Paid"]).toEqual(credit.createdAt);
    expect(at.Arranging).toEqual(found.swap.handshakeAt);

    const page = await load(caller, swapPage, { user: admin, path: `/admin/swaps/${swapId}`, params: { id: swapId } });
    const payments = page.data?.payments as { amount: string; status: string }[];
    expect(payments.map((p) => [p.amount, p.status])).toEqual([
      ["$9.99", "completed"],
      ["$0.00", "completed"],
    ]);

    const open = await createSwap(db, { status: "accepted" });
    const waiting = await findSwapForStaff(db, { swapId: open.swapId });
    expect(waiting?.timeline.slice(3).map((s) => [s.label, s.state])).toEqual([
      ["Proposer Paid", "waiting"],
      ["Receiver Paid", "waiting"],
      ["Arranging", "waiting"],
      ["Completed", "waiting"],
    ]);
    await act(admin, open.swapId, { intent: "cancel", reason: "test" });
    const cancelled = await findSwapForStaff(db, { swapId: open.swapId });
    expect(cancelled?.timeline.map((s) => [s.label, s.state])).toEqual([
      ["Proposed", "done"],
      ["Updated", "done"],
      ["Accepted", "done"],
      ["Proposer Paid", "never"],
      ["Receiver Paid", "never"],
      ["Arranging", "never"],
      ["Completed", "never"],
      ["Cancelled", "done"],
    ]);
    expect(await findSwapForStaff(db, { swapId: "nope" })).toBeNull();
  });
});
