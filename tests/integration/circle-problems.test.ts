// "Report a problem" on a paid swap circle (issue 29, decision 112): a member's report, with pictures, holds the
// circle's quiet week; the other members are told; staff read it on the circle's back-office page and resolve it
// (admins only, audited in the same transaction), and every member hears the resolution. Runs on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL.
import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import * as circlePage from "#app/routes/admin/circles.$id.tsx";
import { CIRCLE_NOT_FOUND } from "#core/circles/circle-guards.ts";
import { CIRCLE_NOT_PAID, CIRCLE_PROBLEM_ALREADY_OPEN } from "#core/circles/circle-problem-rules.ts";
import { CIRCLE_QUIET_DAYS, completeQuietCircles } from "#core/circles/complete-circle.ts";
import { findCircleProblemsForMember } from "#core/circles/find-circle-problems.ts";
import { reportCircleProblem } from "#core/circles/report-circle-problem.ts";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { findNotifications } from "#core/notifications/find-notifications.ts";
import { canSeeProblemPicture } from "#core/swaps/problem-pictures.ts";
import { PROBLEM_KIND_REQUIRED } from "#core/swaps/swap-problem-rules.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import { swapProblems } from "#db/schema/swaps.ts";
import { circleOfThree } from "../support/circle-fixtures";
import { createMember, createStaff } from "../support/factories";
import { setFlag } from "../support/flags";
import { makeJpeg } from "../support/images";
import { createPaymentTestApp } from "../support/payment-fixtures";
import { postForm, type RouteCaller } from "../support/staff-route";
import { controlledClock, HOUR } from "../support/test-clock";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
const clock = controlledClock(new Date());
const testApp = createPaymentTestApp(handle, { clock });
afterAll(async () => {
  await setFlag(db, "enable_swap_payments", true);
  await handle.close();
  if (testApp.uploadsDir) fs.rmSync(testApp.uploadsDir, { recursive: true, force: true });
});
const caller: RouteCaller = { db, clock, provider: testApp.provider, testApp };
const deps = { db, clock, storage: testApp.storage, env: testApp.env };
const DAY = 24 * HOUR;

// Fees off: accepting takes a circle straight to its handshake (circle fees have their own tests).
await setFlag(db, "enable_swap_payments", false);
const admin = await createStaff(db, ["admin"], { name: "Avery Admin" });
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
beforeEach(() => clock.set(new Date()));

/** Ana gives her kayak to Ben, Ben his paddleboard to Cleo, Cleo her surfboard to Ana; accepted by all unless not. */
const circle = ({ accepted = true } = {}) => circleOfThree(deps, accepted ? "arranging" : "offered");

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "went through",
    (e: Error) => e.message,
  );
const problemsOf = (circleId: string) => db.select().from(swapProblems).where(eq(swapProblems.circleId, circleId));
const firstLine = async (userId: string) => {
  await dispatchEvents({ db, appUrl: testApp.env.APP_URL });
  return (await findNotifications(db, { userId })).page[0]?.text;
};
const act = (user: typeof admin, circleId: string, form: Record<string, string>) =>
  postForm(caller, circlePage, { user, path: `/admin/circles/${circleId}`, params: { id: circleId }, form });

describe("a member reports a problem on a swap circle", () => {
  test("before every fee is paid, by a stranger, or without a kind: refused, nothing written", async () => {
    const offered = await circle({ accepted: false });
    const report = { kind: "no_show", details: "Nobody came" };
    expect(
      await refusal(reportCircleProblem(deps, { circleId: offered.circleId, userId: offered.ana.id, ...report })),
    ).toBe(CIRCLE_NOT_PAID);
    const paid = await circle();
    const stranger = await createMember(db, { name: "Dev Stranger" });
    expect(await refusal(reportCircleProblem(deps, { circleId: paid.circleId, userId: stranger.id, ...report }))).toBe(
      CIRCLE_NOT_FOUND,
    );
    expect(
      await refusal(
        reportCircleProblem(deps, { circleId: paid.circleId, userId: paid.ana.id, kind: "bogus", details: "x" }),
      ),
    ).toBe(PROBLEM_KIND_REQUIRED);
    expect(await problemsOf(offered.circleId)).toEqual([]);
    expect(await problemsOf(paid.circleId)).toEqual([]);
  });

  test("the others are told, the quiet week waits, an admin resolves it (audited), and everyone hears", async () => {
    const c = await circle();
    const { id: problemId } = await reportCircleProblem(deps, {
      circleId: c.circleId,
      userId: c.ana.id,
      kind: "not_as_described",
      details: "The surfboard has a crack along the rail",
      files: [await makeJpeg()],
    });
    const [problem] = await problemsOf(c.circleId);
    expect(problem).toMatchObject({ id: problemId, reportedBy: c.ana.id, status: "open", swapProposalId: null });
    // The pictures: the circle's members and staff with two-factor; nobody else.
    const key = problem.pictureKeys[0];
    expect(key).toMatch(new RegExp(`^problems/${c.circleId}/`));
    for (const viewer of [c.ana, c.ben, c.cleo, admin])
      expect(await canSeeProblemPicture(db, { key, viewerId: viewer.id })).toBe(true);
    const stranger = await createMember(db, { name: "Dev Stranger" });
    expect(await canSeeProblemPicture(db, { key, viewerId: stranger.id })).toBe(false);

    expect(await firstLine(c.cleo.id)).toBe(
      `Ana Costa reported a problem with the swap circle for your “Surfboard ${c.tag}”. Our team is looking into it.`,
    );
    expect(await firstLine(c.ben.id)).toMatch(/^Ana Costa reported a problem with the swap circle for your “Paddle/);
    expect(await firstLine(c.ana.id)).not.toMatch(/reported a problem/);
    expect(
      await refusal(reportCircleProblem(deps, { circleId: c.circleId, userId: c.ana.id, kind: "other", details: "x" })),
    ).toBe(CIRCLE_PROBLEM_ALREADY_OPEN);
    expect(
      await findCircleProblemsForMember(db, { circleId: c.circleId, userId: c.ana.id, status: "arranging" }),
    ).toMatchObject({
      canReport: false,
      problems: [{ status: "open", mine: true, kindLabel: "Not as described" }],
    });
    expect(
      await findCircleProblemsForMember(db, { circleId: c.circleId, userId: c.ben.id, status: "arranging" }),
    ).toMatchObject({
      canReport: true,
      problems: [{ status: "open", mine: false, reporterName: "Ana Costa" }],
    });

    // A week after the handshake the circle would complete on its own; with the problem open it waits.
    clock.advance((CIRCLE_QUIET_DAYS + 1) * DAY);
    expect(await completeQuietCircles({ db, clock })).not.toContain(c.circleId);

    // A moderator may not resolve it; an admin must give a resolution; then it is resolved, once, with its audit row.
    expect(await act(moderator, c.circleId, { intent: "resolve-problem", problemId, resolution: "x" })).toMatchObject({
      status: 302,
    });
    expect(await act(admin, c.circleId, { intent: "resolve-problem", problemId, resolution: " " })).toMatchObject({
      error: "Failed to resolve problem: A resolution is required",
    });
    expect((await problemsOf(c.circleId))[0].status).toBe("open");
    expect(
      await act(admin, c.circleId, {
        intent: "resolve-problem",
        problemId,
        resolution: "Cleo agreed to take the surfboard back.",
      }),
    ).toMatchObject({ status: 302, flash: "Problem resolved" });
    expect((await problemsOf(c.circleId))[0]).toMatchObject({ status: "resolved", resolvedBy: admin.id });
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "resolve_problem"), eq(adminAuditLog.targetId, c.circleId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: admin.id, targetType: "circle", metadata: { problem_id: problemId } });
    expect(await act(admin, c.circleId, { intent: "resolve-problem", problemId, resolution: "Again" })).toMatchObject({
      error: "Failed to resolve problem: This problem is already resolved",
    });
    // A problem of another circle is not this circle's to resolve.
    const other = await circle();
    const { id: otherProblem } = await reportCircleProblem(deps, {
      circleId: other.circleId,
      userId: other.ben.id,
      kind: "no_show",
      details: "Nobody came",
    });
    expect(
      await act(admin, c.circleId, { intent: "resolve-problem", problemId: otherProblem, resolution: "No" }),
    ).toMatchObject({ error: "Failed to resolve problem: Problem not found" });

    expect(await firstLine(c.ana.id)).toBe(
      `The problem you reported with the swap circle for your “Kayak ${c.tag}” is resolved: Cleo agreed to take the surfboard back.`,
    );
    expect(await firstLine(c.cleo.id)).toBe(
      `The problem Ana Costa reported with the swap circle for your “Surfboard ${c.tag}” is resolved: Cleo agreed to take the surfboard back.`,
    );
    // Resolved, the quiet week completes the circle.
    expect(await completeQuietCircles({ db, clock })).toContain(c.circleId);
    const [row] = await db.select().from(swapCircles).where(eq(swapCircles.id, c.circleId));
    expect(row).toMatchObject({ status: "completed", completedHow: "timed_out" });
  });

  test("two reports by one member at the same instant: one lands", async () => {
    const c = await circle();
    const results = await Promise.allSettled(
      ["First", "Second"].map((details) =>
        reportCircleProblem(deps, { circleId: c.circleId, userId: c.cleo.id, kind: "no_show", details }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failed.reason.message).toBe(CIRCLE_PROBLEM_ALREADY_OPEN);
    expect(await problemsOf(c.circleId)).toHaveLength(1);
  });
});
