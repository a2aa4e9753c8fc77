// Reporting a message into the Moderation Queue (issue 26, decision 086): the member's use case and its refusals,
// two reports at once, what staff see when they open one (the lines around it, as written) and the one audit row that
// writes, dismissing and removing (both members' thread and the API then say staff removed it), the reporter's
// notice, and that no staff page shows a thread nobody reported.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import * as staffMessagePage from "#app/routes/admin/moderation.messages.$id.tsx";
import * as queuePage from "#app/routes/admin/moderation.tsx";
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import { THREAD_NOT_FOUND } from "#core/conversations/conversation-guards.ts";
import { findThread } from "#core/conversations/find-thread.ts";
import { searchBackOffice } from "#core/back-office/search-back-office.ts";
import { findModerationQueue } from "#core/moderation/find-moderation-queue.ts";
import { NOTES_TOO_LONG, CHOOSE_A_REASON } from "#core/moderation/report-form.ts";
import { reportListing } from "#core/moderation/report-listing.ts";
import {
  MESSAGE_ALREADY_REMOVED,
  MESSAGE_ALREADY_REPORTED,
  MESSAGE_NOT_FOUND,
  OWN_MESSAGE,
  REPORTING_MESSAGES_OFF,
  reportMessage,
} from "#core/moderation/report-message.ts";
import { alreadyReviewed } from "#core/moderation/review-report.ts";
import { settleMessageReport } from "#core/moderation/settle-message-report.ts";
import { VIEW_REPORTED_MESSAGE, viewReportedMessage } from "#core/moderation/view-reported-message.ts";
import { describeNotice } from "#core/notifications/notification-kinds.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { conversationMessages } from "#db/schema/conversations.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { notifications } from "#db/schema/notifications.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { databaseForThisFile } from "../support/database-for-file";
import {
  createConversation,
  createListing,
  createMember,
  createMessage,
  createStaff,
  staffActor,
} from "../support/factories";
import { setFlag } from "../support/flags";
import { refusal } from "../support/swap-fixtures";
import { load, postForm } from "../support/staff-route";
import { controlledClock, HOUR } from "../support/test-clock";
import { createPaymentTestApp } from "../support/payment-fixtures";

const { handle, db } = await databaseForThisFile();
const clock = controlledClock("2030-07-01T00:00:00.000Z");
const appUrl = "http://localhost:3000";
const testApp = createPaymentTestApp(handle, { clock });
const caller = { db, clock, provider: testApp.provider, testApp };

beforeEach(async () => {
  clock.advance(2 * 24 * HOUR);
  await setFlag(db, "enable_moderation", true);
  await setFlag(db, "enable_rate_limiting", true);
});

const moderatorUser = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
const morgan = staffActor(moderatorUser, ["moderator"]);

/** Olive's chainsaw, Arlo asking about it, and `n` lines, alternating Arlo then Olive; Olive's line 0-based `at`. */
async function thread(n = 2) {
  const t = await createConversation(db);
  const lines: { messageId: string; senderId: string; body: string }[] = [];
  for (let i = 0; i < n; i++) {
    const senderId = i % 2 === 0 ? t.askerId : t.ownerId;
    const body = `Line ${i}: call me on 0412 345 678`;
    lines.push({ ...(await createMessage(db, { conversationId: t.conversationId, senderId, body })), senderId, body });
  }
  return { ...t, lines };
}

const report = (reporterId: string, conversationId: string, messageId: string, more: Record<string, unknown> = {}) =>
  reportMessage(
    { db, clock },
    { reporterId, conversationId, messageId, reason: "fraud", notes: "Asked for cash", ...more },
  );

const settle = (reportId: string, decision: "dismiss" | "remove", notes?: string) =>
  settleMessageReport({ db }, { actor: morgan, reportId, decision, notes, now: clock.now(), appUrl });

const auditOf = (reportId: string) => db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, reportId));
const threadFor = (conversationId: string, viewerId: string) =>
  findThread({ db, mask: maskContactDetails }, { conversationId, viewerId });

describe("a member reports a message", () => {
  test("the other member's line, into the queue as a message report with its thread", async () => {
    const t = await thread();
    const olives = t.lines[1];
    const { id } = await report(t.askerId, t.conversationId, olives.messageId);
    const [row] = await db.select().from(moderationReports).where(eq(moderationReports.id, id));
    expect(row).toMatchObject({
      subject: "message",
      messageId: olives.messageId,
      conversationId: t.conversationId,
      listingId: null,
      reportedBy: t.askerId,
      reason: "fraud",
      notes: "Asked for cash",
      status: "pending",
    });
    const queue = await findModerationQueue(db, { status: "pending", subject: "message" });
    expect(queue.reports.find((r) => r.id === id)).toMatchObject({
      subject: "message",
      listingTitle: "Stihl chainsaw",
    });
    const listingsOnly = await findModerationQueue(db, { status: "pending", subject: "listing" });
    expect(listingsOnly.reports.some((r) => r.id === id)).toBe(false);
    // Searchable like the rest: by the thread's listing title and by the reporter's name.
    const found = await searchBackOffice(db, { q: "Stihl chainsaw" });
    expect(found.reports.some((r) => r.id === id && r.subject === "message")).toBe(true);
  });

  test("refusals: not their thread, another thread's line, their own, a deal step, removed, twice, bad form, off", async () => {
    const t = await thread(3);
    const other = await thread(2);
    const stranger = await createMember(db, { name: "Sam Stranger" });
    const olives = t.lines[1].messageId;
    expect(await refusal(report(stranger.id, t.conversationId, olives))).toEqual({
      code: "NOT_FOUND",
      message: THREAD_NOT_FOUND,
    });
    // A line of a thread they are not in, named through a thread they are in: not found either.
    expect(await refusal(report(t.askerId, t.conversationId, other.lines[1].messageId))).toEqual({
      code: "NOT_FOUND",
      message: MESSAGE_NOT_FOUND,
    });
    expect(await refusal(report(t.askerId, t.conversationId, "not-a-uuid"))).toMatchObject({ code: "NOT_FOUND" });
    expect(await refusal(report(t.askerId, t.conversationId, t.lines[0].messageId))).toEqual({
      code: "FORBIDDEN",
      message: OWN_MESSAGE,
    });
    const [event] = await db
      .insert(conversationMessages)
      .values({ conversationId: t.conversationId, senderId: t.ownerId, kind: "event", eventKind: "proposal" })
      .returning();
    expect(await refusal(report(t.askerId, t.conversationId, event.id))).toMatchObject({ code: "NOT_FOUND" });
    expect(await refusal(report(t.askerId, t.conversationId, olives, { reason: "rude" }))).toEqual({
      code: "VALIDATION",
      message: CHOOSE_A_REASON,
    });
    expect(await refusal(report(t.askerId, t.conversationId, olives, { notes: "x".repeat(2001) }))).toEqual({
      code: "VALIDATION",
      message: NOTES_TOO_LONG,
    });
    await report(t.askerId, t.conversationId, olives);
    expect(await refusal(report(t.askerId, t.conversationId, olives))).toEqual({
      code: "CONFLICT",
      message: MESSAGE_ALREADY_REPORTED,
    });
    await db
      .update(conversationMessages)
      .set({ body: null, removedAt: clock.now() })
      .where(eq(conversationMessages.id, t.lines[2].messageId));
    // Olive reports Arlo's removed line.
    expect(await refusal(report(t.ownerId, t.conversationId, t.lines[2].messageId))).toEqual({
      code: "CONFLICT",
      message: MESSAGE_ALREADY_REMOVED,
    });
    await setFlag(db, "enable_moderation", false);
    expect(await refusal(report(t.ownerId, t.conversationId, t.lines[0].messageId))).toEqual({
      code: "FORBIDDEN",
      message: REPORTING_MESSAGES_OFF,
    });
  });

  test("two reports of one line by one member at once: one is taken, the other told it is already reported", async () => {
    const t = await thread();
    const olives = t.lines[1].messageId;
    const answers = await Promise.allSettled([
      report(t.askerId, t.conversationId, olives),
      report(t.askerId, t.conversationId, olives),
    ]);
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const refused = answers.find((a) => a.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe(MESSAGE_ALREADY_REPORTED);
    const rows = await db.select().from(moderationReports).where(eq(moderationReports.messageId, olives));
    expect(rows).toHaveLength(1);
  });

  test("the thread's member and an outsider report one line at once: only the member's report is taken", async () => {
    const t = await thread(2);
    const olives = t.lines[1].messageId;
    const third = await createMember(db, { name: "Third Party" });
    // Only the other member of a thread can report a line; an outsider racing them is refused, Arlo's is taken.
    const answers = await Promise.allSettled([
      report(t.askerId, t.conversationId, olives),
      report(third.id, t.conversationId, olives),
    ]);
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "rejected"]);
    expect(await db.select().from(moderationReports).where(eq(moderationReports.messageId, olives))).toHaveLength(1);
  });

  test("over the member's limit: a clear message, nothing stored", async () => {
    const t = await thread(24);
    const olives = t.lines.filter((l) => l.senderId === t.ownerId);
    for (const line of olives.slice(0, 10)) await report(t.askerId, t.conversationId, line.messageId);
    const over = await refusal(report(t.askerId, t.conversationId, olives[10].messageId));
    expect(over.code).toBe("RATE_LIMITED");
    expect(over.message).toMatch(/^You've reached the limit for message reports\. You can report another message from/);
    const stored = await db
      .select()
      .from(moderationReports)
      .where(and(eq(moderationReports.reportedBy, t.askerId), eq(moderationReports.messageId, olives[10].messageId)));
    expect(stored).toHaveLength(0);
  });
});

describe("staff open a message report", () => {
  test("the line with 5 either side, as written, who wrote each, the listing; one audit row each time", async () => {
    const t = await thread(13);
    const reported = t.lines[7];
    const { id } = await report(t.askerId, t.conversationId, reported.messageId);
    const view = await viewReportedMessage(db, { actor: morgan, reportId: id });
    expect(view?.lines.map((l) => l.id)).toEqual(t.lines.slice(2, 13).map((l) => l.messageId));
    const shown = view?.lines.find((l) => l.reported);
    // Raw text: staff judge what was actually said, contact details included.
    expect(shown).toMatchObject({ id: reported.messageId, body: reported.body, senderName: "Olive Owner" });
    expect(view?.thread).toMatchObject({
      listing: { title: "Stihl chainsaw" },
      asker: { id: t.askerId },
      owner: { id: t.ownerId },
    });
    const rows = await auditOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: VIEW_REPORTED_MESSAGE,
      adminId: morgan.userId,
      targetType: "report",
      targetId: id,
    });
    expect(rows[0].metadata).toMatchObject({ message_id: reported.messageId, conversation_id: t.conversationId });
    await viewReportedMessage(db, { actor: morgan, reportId: id });
    expect(await auditOf(id)).toHaveLength(2);
  });

  test("through the page: the gate, the lines, the audit row; a listing report or a thread's id is not found", async () => {
    const t = await thread(2);
    const { id } = await report(t.askerId, t.conversationId, t.lines[1].messageId);
    const page = await load(caller, staffMessagePage, {
      user: moderatorUser,
      path: `/admin/moderation/messages/${id}`,
      params: { id },
    });
    expect((page.data as { report: { lines: unknown[] } }).report.lines).toHaveLength(2);
    expect(await auditOf(id)).toHaveLength(1);

    // A member is refused by the gate and nothing is written.
    const member = await createStaff(db, [], { name: "Not Staff" });
    const refused = await load(caller, staffMessagePage, {
      user: member,
      path: `/admin/moderation/messages/${id}`,
      params: { id },
    });
    expect(refused.response?.status).toBe(302);
    expect(await auditOf(id)).toHaveLength(1);

    // Staff cannot browse a thread nobody reported: there is no page by thread or message, only by report.
    for (const other of [t.conversationId, t.lines[0].messageId, crypto.randomUUID()]) {
      const answer = await load(caller, staffMessagePage, {
        user: moderatorUser,
        path: `/admin/moderation/messages/${other}`,
        params: { id: other },
      }).catch((thrown) => ({ data: null, response: null, thrown }));
      expect(answer).toMatchObject({ data: null, thrown: { init: { status: 404 } } });
      expect(JSON.stringify(answer)).not.toContain("call me on");
      expect(await auditOf(other)).toHaveLength(0);
    }
    const owner = await createMember(db, { name: "Lister" });
    const listingReport = await reportListing(
      { db, clock },
      { reporterId: t.askerId, listingId: await createListing(db, owner.id), reason: "spam" },
    );
    expect(await viewReportedMessage(db, { actor: morgan, reportId: listingReport.id })).toBeNull();
    expect(await auditOf(listingReport.id)).toHaveLength(0);

    // The queue's dialog address of a message report leads to its own page.
    const viaQueue = await load(caller, queuePage, {
      user: moderatorUser,
      path: `/admin/moderation?status=all&report=${id}`,
    });
    expect(viaQueue.response?.headers.get("location")).toBe(`/admin/moderation/messages/${id}`);
  });
});

describe("staff settle a message report", () => {
  test("dismiss: the message stays, every open report of it is settled, one audit row, reporters told", async () => {
    const t = await thread(2);
    const olives = t.lines[1].messageId;
    const first = await report(t.askerId, t.conversationId, olives);
    const result = await settle(first.id, "dismiss", "Nothing wrong");
    expect(result).toMatchObject({ status: "rejected", messageRemoved: false });
    const [row] = await db.select().from(moderationReports).where(eq(moderationReports.id, first.id));
    expect(row).toMatchObject({ status: "rejected", reviewedBy: morgan.userId, reviewNotes: "Nothing wrong" });
    const [message] = await db.select().from(conversationMessages).where(eq(conversationMessages.id, olives));
    expect(message.body).toBe(t.lines[1].body);
    const audit = await auditOf(first.id);
    expect(audit.map((a) => a.action)).toEqual(["reject_message_report"]);
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, t.askerId));
    expect(notice.kind).toBe("report.settled");
    expect(describeNotice(notice.kind, notice.payload)).toEqual({
      text: "We've reviewed your report about a message about “Stihl chainsaw”: the message doesn't break our rules, so it stays",
      href: `/messages/${t.conversationId}`,
    });
    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.template, "report_rejected"));
    expect(mail.some((m) => m.subject.includes("a message about"))).toBe(true);
    expect(await refusal(settle(first.id, "remove"))).toEqual({
      code: "CONFLICT",
      message: alreadyReviewed("rejected"),
    });
  });

  test("remove: words gone, both members read that staff removed it (findThread: the page's and the API's read)", async () => {
    const t = await thread(2);
    const olives = t.lines[1].messageId;
    const arlos = await report(t.askerId, t.conversationId, olives);
    const result = await settle(arlos.id, "remove", "Scam");
    expect(result).toMatchObject({ status: "approved", messageRemoved: true });
    const [message] = await db.select().from(conversationMessages).where(eq(conversationMessages.id, olives));
    expect(message).toMatchObject({ body: null, pictures: [] });
    expect(message.removedAt).not.toBeNull();
    for (const viewer of [t.askerId, t.ownerId]) {
      const page = await threadFor(t.conversationId, viewer);
      expect(page.lines.find((l) => l.id === olives)).toMatchObject({
        removed: true,
        removedByStaff: true,
        body: null,
      });
      // The other line is untouched.
      expect(page.lines.find((l) => l.id === t.lines[0].messageId)).toMatchObject({
        removed: false,
        removedByStaff: false,
      });
    }
    const audit = await auditOf(arlos.id);
    expect(audit.map((a) => a.action)).toEqual(["remove_reported_message"]);
    expect(audit[0].metadata).toMatchObject({ message_id: olives, sender_id: t.ownerId, message_removed: true });
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, t.askerId));
    expect(describeNotice(notice.kind, notice.payload)?.text).toMatch(/the message has been removed$/);
    // A removed line cannot be reported again.
    expect(await refusal(report(t.askerId, t.conversationId, olives))).toMatchObject({ code: "CONFLICT" });
  });

  test("two moderators at once: one settles it, the other is told it already is; one audit row", async () => {
    const t = await thread(2);
    const olives = t.lines[1].messageId;
    const { id } = await report(t.askerId, t.conversationId, olives);
    const answers = await Promise.allSettled([settle(id, "remove"), settle(id, "dismiss")]);
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const refused = answers.find((a) => a.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toMatch(/^This report has already been (approved|rejected)$/);
    expect(
      (await auditOf(id)).filter((a) => a.action === "remove_reported_message" || a.action === "reject_message_report"),
    ).toHaveLength(1);
  });

  test("through the page's action: the guard, the toast, back to the queue; moderation off refuses", async () => {
    const t = await thread(2);
    const { id } = await report(t.askerId, t.conversationId, t.lines[1].messageId);
    const member = await createStaff(db, [], { name: "Not Staff Either" });
    const refused = await postForm(caller, staffMessagePage, {
      user: member,
      path: `/admin/moderation/messages/${id}`,
      params: { id },
      form: { decision: "remove" },
    });
    expect(refused.location).toBe("/");
    const done = await postForm(caller, staffMessagePage, {
      user: moderatorUser,
      path: `/admin/moderation/messages/${id}`,
      params: { id },
      form: { decision: "remove", notes: "Scam" },
    });
    expect(done).toMatchObject({
      status: 302,
      location: "/admin/moderation?subject=message",
      flash: "Message removed",
    });
    const second = await report(t.ownerId, t.conversationId, t.lines[0].messageId);
    await setFlag(db, "enable_moderation", false);
    const off = await postForm(caller, staffMessagePage, {
      user: moderatorUser,
      path: `/admin/moderation/messages/${second.id}`,
      params: { id: second.id },
      form: { decision: "dismiss" },
    });
    // Back to the queue with the reason (drawing the page again would be another audited reading).
    expect(off).toMatchObject({
      location: "/admin/moderation?subject=message",
      flash: "Failed to dismiss report: Moderation is turned off",
    });
    expect(await auditOf(second.id)).toHaveLength(0);
  });
});
