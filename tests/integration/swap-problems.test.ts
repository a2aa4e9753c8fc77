// "Report a problem" on a paid swap (issue 28, decision 097): the member's report with its pictures opens a dispute
// on the back office's Swaps page; staff read the evidence and the thread, resolve it, and both members hear of it
// and see it on the deal screen. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import * as swapPage from "#app/routes/admin/swaps.$id.tsx";
import * as threadPage from "#app/routes/admin/swaps.$id.thread.tsx";
import { systemClock } from "#core/shared/clock.ts";
import { findDealProblems } from "#core/swaps/find-swap-problems.ts";
import { canSeeProblemPicture } from "#core/swaps/problem-pictures.ts";
import { reportSwapProblem } from "#core/swaps/report-swap-problem.ts";
import {
  PROBLEM_ALREADY_OPEN,
  PROBLEM_DETAILS_REQUIRED,
  SWAP_NOT_FOUND,
  SWAP_NOT_PAID,
  TOO_MANY_PROBLEM_PICTURES,
} from "#core/swaps/swap-problem-rules.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { notifications } from "#db/schema/notifications.ts";
import { swapProblems, swapProposals } from "#db/schema/swaps.ts";
import { signUpMember } from "../support/api-factories";
import { filesUnder } from "../support/app-with-uploads";
import { createConversation, createMember, createMessage, createStaff, createSwap } from "../support/factories";
import { makeJpeg } from "../support/images";
import { createPaymentTestApp } from "../support/payment-fixtures";
import { load, postForm, type RouteCaller } from "../support/staff-route";
import { createTestDatabase } from "../support/test-db";
import { describeNotice } from "#core/notifications/notification-kinds.ts";
import fs from "node:fs";
import { dispatchEvents } from "#core/events/dispatch-events.ts";

const handle = await createTestDatabase();
const db = handle.db;
const clock = systemClock;
const testApp = createPaymentTestApp(handle, { clock });
afterAll(async () => {
  await handle.close();
  if (testApp.uploadsDir) fs.rmSync(testApp.uploadsDir, { recursive: true, force: true });
});
const caller: RouteCaller = { db, clock, provider: testApp.provider, testApp };
const deps = { db, clock, storage: testApp.storage, env: testApp.env };

const admin = await createStaff(db, ["admin"], { name: "Avery Admin" });
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });

/** A swap both paid for (completed as today's payments leave it), with its thread. */
async function paidSwap(status: "completed" | "arranging" | "accepted" | "pending" = "completed") {
  const proposer = await createMember(db, { name: "Pat Proposer" });
  const receiver = await createMember(db, { name: "Rae Receiver" });
  const { swapId, targetListingId } = await createSwap(db, {
    status,
    proposerId: proposer.id,
    receiverId: receiver.id,
    ...(status === "arranging"
      ? { handshakeAt: new Date(), acceptedAt: new Date(), proposerPaid: true, receiverPaid: true }
      : {}),
  });
  const { conversationId } = await createConversation(db, {
    listingId: targetListingId,
    ownerId: receiver.id,
    askerId: proposer.id,
    swapId,
  });
  return { swapId, proposer, receiver, conversationId };
}

const noticesOf = (userId: string, kind: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error) => error.message,
  );

describe("a member reports a problem", () => {
  test("with a picture: the swap is under dispute, the other member is told, the picture is theirs and staff's only", async () => {
    const proposer = await signUpMember(testApp, { name: "Priya Sharma" });
    const receiver = await signUpMember(testApp, { name: "Tom O'Brien" });
    const stranger = await signUpMember(testApp, { name: "Sally Stranger" });
    const { swapId, targetListingId } = await createSwap(db, {
      status: "completed",
      proposerId: proposer.userId,
      receiverId: receiver.userId,
    });
    const { conversationId } = await createConversation(db, {
      listingId: targetListingId,
      ownerId: receiver.userId,
      askerId: proposer.userId,
      swapId,
    });

    const reported = await reportSwapProblem(deps, {
      swapId,
      userId: proposer.userId,
      kind: "not_as_described",
      details: "The mower has no blade and the engine won't start.",
      files: [await makeJpeg()],
      names: ["mower.jpg"],
    });

    const [problem] = await db.select().from(swapProblems).where(eq(swapProblems.id, reported.id));
    expect(problem).toMatchObject({ status: "open", kind: "not_as_described", reportedBy: proposer.userId });
    expect(problem.pictureKeys).toHaveLength(1);
    const [swap] = await db.select().from(swapProposals).where(eq(swapProposals.id, swapId));
    expect(swap.isDisputed).toBe(true);
    expect(swap.disputeNotes).toBe("Problem reported by the proposer: Not as described");

    // The other member is told, with a link to the deal screen; the reporter is not.
    await dispatchEvents({ db, appUrl: testApp.env.APP_URL });
    const [notice] = await noticesOf(receiver.userId, "swap.problem_reported");
    expect(describeNotice(notice.kind, notice.payload)).toEqual({
      text: "Priya Sharma reported a problem with your swap for “Makita drill kit”. Our team is looking into it.",
      href: `/messages/${conversationId}`,
    });
    expect(await noticesOf(proposer.userId, "swap.problem_reported")).toHaveLength(0);

    // The picture: the two members see it; a stranger and a visitor get the 404 of no file at all.
    const url = `/uploads/${problem.pictureKeys[0]}`;
    const get = (cookie?: string) => testApp.app.request(url, { headers: cookie ? { cookie } : {} });
    for (const member of [proposer, receiver]) {
      const res = await get(member.cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    expect((await get(stranger.cookie)).status).toBe(404);
    expect((await get()).status).toBe(404);
    // Staff with two-factor on see it (the Swaps page shows it); without two-factor, nobody's staff.
    expect(await canSeeProblemPicture(db, { key: problem.pictureKeys[0], viewerId: admin.id })).toBe(true);
    const noTotp = await createStaff(db, ["admin"], { totp: false });
    expect(await canSeeProblemPicture(db, { key: problem.pictureKeys[0], viewerId: noTotp.id })).toBe(false);

    // The deal screen says where it stands, and offers no second report to the reporter.
    expect(await findDealProblems(db, { swapId, userId: proposer.userId })).toMatchObject({
      canReport: false,
      problems: [{ status: "open", mine: true, kindLabel: "Not as described" }],
    });
    expect(await findDealProblems(db, { swapId, userId: receiver.userId })).toMatchObject({
      canReport: true,
      problems: [{ status: "open", mine: false }],
    });
  });

  test("up to 4 pictures: a fifth refuses the report before any picture is stored", async () => {
    const { swapId, proposer } = await paidSwap();
    const before = filesUnder(testApp.uploadsDir as string).filter((f) => f.startsWith(`problems/${swapId}`));
    const jpeg = await makeJpeg({ width: 400, height: 300 });
    expect(
      await refusal(
        reportSwapProblem(deps, {
          swapId,
          userId: proposer.id,
          kind: "other",
          details: "Five pictures",
          files: [jpeg, jpeg, jpeg, jpeg, jpeg],
        }),
      ),
    ).toBe(TOO_MANY_PROBLEM_PICTURES);
    expect(filesUnder(testApp.uploadsDir as string).filter((f) => f.startsWith(`problems/${swapId}`))).toEqual(before);
    expect(await db.select().from(swapProblems).where(eq(swapProblems.swapProposalId, swapId))).toHaveLength(0);

    // Four are fine.
    await reportSwapProblem(deps, {
      swapId,
      userId: proposer.id,
      kind: "other",
      details: "Four",
      files: [jpeg, jpeg, jpeg, jpeg],
    });
    const [problem] = await db.select().from(swapProblems).where(eq(swapProblems.swapProposalId, swapId));
    expect(problem.pictureKeys).toHaveLength(4);
  });

  test("a refusal after the pictures were stored leaves no file behind", async () => {
    const { swapId, proposer } = await paidSwap();
    await reportSwapProblem(deps, { swapId, userId: proposer.id, kind: "no_show", details: "They never came" });
    const before = filesUnder(testApp.uploadsDir as string);
    expect(
      await refusal(
        reportSwapProblem(deps, {
          swapId,
          userId: proposer.id,
          kind: "no_show",
          details: "Again",
          files: [await makeJpeg({ width: 400, height: 300 })],
        }),
      ),
    ).toBe(PROBLEM_ALREADY_OPEN);
    expect(filesUnder(testApp.uploadsDir as string)).toEqual(before);
  });

  test("one open problem per member per swap; the other member may report their own", async () => {
    const { swapId, proposer, receiver } = await paidSwap();
    await reportSwapProblem(deps, {
      swapId,
      userId: proposer.id,
      kind: "no_show",
      details: "Nobody came to the car park",
    });
    expect(
      await refusal(reportSwapProblem(deps, { swapId, userId: proposer.id, kind: "unsafe", details: "And again" })),
    ).toBe(PROBLEM_ALREADY_OPEN);
    // Two at once: the unique index lets one in.
    const both = await Promise.allSettled([
      reportSwapProblem(deps, { swapId, userId: receiver.id, kind: "other", details: "One" }),
      reportSwapProblem(deps, { swapId, userId: receiver.id, kind: "other", details: "Two" }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.select().from(swapProblems).where(eq(swapProblems.swapProposalId, swapId))).toHaveLength(2);
  });

  test("only a paid swap: a pending or accepted one is refused; an arranging one (after the handshake) is not", async () => {
    for (const status of ["pending", "accepted"] as const) {
      const { swapId, proposer } = await paidSwap(status);
      expect(await refusal(reportSwapProblem(deps, { swapId, userId: proposer.id, kind: "other", details: "x" }))).toBe(
        SWAP_NOT_PAID,
      );
    }
    const { swapId, receiver } = await paidSwap("arranging");
    await reportSwapProblem(deps, { swapId, userId: receiver.id, kind: "unsafe", details: "He was aggressive" });
  });

  test("another member's swap is not found, whatever its state; bad input changes nothing", async () => {
    const { swapId } = await paidSwap();
    const stranger = await createMember(db, { name: "Sally Stranger" });
    expect(await refusal(reportSwapProblem(deps, { swapId, userId: stranger.id, kind: "other", details: "x" }))).toBe(
      SWAP_NOT_FOUND,
    );
    expect(
      await refusal(reportSwapProblem(deps, { swapId: "nope", userId: stranger.id, kind: "other", details: "x" })),
    ).toBe(SWAP_NOT_FOUND);
    const { swapId: own, proposer } = await paidSwap();
    expect(
      await refusal(reportSwapProblem(deps, { swapId: own, userId: proposer.id, kind: "other", details: "  " })),
    ).toBe(PROBLEM_DETAILS_REQUIRED);
    const [swap] = await db.select().from(swapProposals).where(eq(swapProposals.id, own));
    expect(swap.isDisputed).toBe(false);
  });
});

describe("staff resolve it", () => {
  const act = (user: typeof admin, swapId: string, form: Record<string, string>) =>
    postForm(caller, swapPage, { user, path: `/admin/swaps/${swapId}`, params: { id: swapId }, form });

  test("the Swaps page shows the problem; an admin resolves it, the dispute with it, and both members are told", async () => {
    const { swapId, proposer, receiver, conversationId } = await paidSwap();
    const { id: problemId } = await reportSwapProblem(deps, {
      swapId,
      userId: receiver.id,
      kind: "not_as_described",
      details: "The drill has no battery",
    });
    await createMessage(db, { conversationId, senderId: proposer.id, body: "Call me on 0412 345 678" });

    const page = (await load(caller, swapPage, {
      user: admin,
      path: `/admin/swaps/${swapId}`,
      params: { id: swapId },
    })) as unknown as {
      data: { problems: { id: string; kindLabel: string; details: string; role: string }[]; threadHref: string | null };
    };
    expect(page.data.problems).toMatchObject([
      { id: problemId, kindLabel: "Not as described", details: "The drill has no battery", role: "receiver" },
    ]);
    expect(page.data.threadHref).toBe(`/admin/swaps/${swapId}/thread`);

    // Reading the thread is audited, and shows what was written, unmasked.
    const thread = (await load(caller, threadPage, {
      user: admin,
      path: `/admin/swaps/${swapId}/thread`,
      params: { id: swapId },
    })) as unknown as { data: { lines: { body: string }[] } };
    expect(thread.data.lines.map((l) => l.body)).toEqual(["Call me on 0412 345 678"]);
    const views = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "view_swap_thread"), eq(adminAuditLog.targetId, swapId)));
    expect(views).toHaveLength(1);

    // A moderator may not; a resolution is required.
    expect(await act(moderator, swapId, { intent: "resolve-problem", problemId, resolution: "x" })).toMatchObject({
      status: 302,
    });
    expect(await act(admin, swapId, { intent: "resolve-problem", problemId, resolution: " " })).toMatchObject({
      error: "Failed to resolve problem: A resolution is required",
    });
    const [stillOpen] = await db.select().from(swapProblems).where(eq(swapProblems.id, problemId));
    expect(stillOpen.status).toBe("open");

    expect(
      await act(admin, swapId, {
        intent: "resolve-problem",
        problemId,
        resolution: "We refunded your fee and the listing was removed.",
      }),
    ).toMatchObject({ status: 302, flash: "Problem resolved" });
    const [resolved] = await db.select().from(swapProblems).where(eq(swapProblems.id, problemId));
    expect(resolved).toMatchObject({ status: "resolved", resolvedBy: admin.id });
    const [swap] = await db.select().from(swapProposals).where(eq(swapProposals.id, swapId));
    expect(swap).toMatchObject({
      isDisputed: false,
      disputeResolution: "We refunded your fee and the listing was removed.",
    });
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "resolve_problem"), eq(adminAuditLog.targetId, swapId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: admin.id, metadata: { problem_id: problemId } });

    // Resolved once: a second time is refused.
    expect(await act(admin, swapId, { intent: "resolve-problem", problemId, resolution: "Again" })).toMatchObject({
      error: "Failed to resolve problem: This problem is already resolved",
    });

    // The resolution reaches the member by notice and on the deal screen.
    await dispatchEvents({ db, appUrl: testApp.env.APP_URL });
    const [mine] = await noticesOf(receiver.id, "swap.problem_resolved");
    expect(describeNotice(mine.kind, mine.payload)).toEqual({
      text: "The problem you reported with your swap for “Makita drill kit” is resolved: We refunded your fee and the listing was removed.",
      href: `/messages/${conversationId}`,
    });
    expect(await noticesOf(proposer.id, "swap.problem_resolved")).toHaveLength(1);
    expect(await findDealProblems(db, { swapId, userId: receiver.id })).toMatchObject({
      canReport: true,
      problems: [{ status: "resolved", resolution: "We refunded your fee and the listing was removed." }],
    });
  });

  test("with two problems open, resolving one leaves the swap under dispute", async () => {
    const { swapId, proposer, receiver } = await paidSwap();
    const first = await reportSwapProblem(deps, { swapId, userId: proposer.id, kind: "no_show", details: "No-show" });
    await reportSwapProblem(deps, { swapId, userId: receiver.id, kind: "no_show", details: "They didn't come either" });
    await act(admin, swapId, {
      intent: "resolve-problem",
      problemId: first.id,
      resolution: "Both say the other didn't come",
    });
    const [swap] = await db.select().from(swapProposals).where(eq(swapProposals.id, swapId));
    expect(swap.isDisputed).toBe(true);
  });

  test("the thread of a swap without a reported problem is not there for staff", async () => {
    const { swapId } = await paidSwap();
    await expect(
      load(caller, threadPage, { user: admin, path: `/admin/swaps/${swapId}/thread`, params: { id: swapId } }),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});
