import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationMessages, conversations } from "#db/schema/conversations.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordStaffEvent } from "../events/record-event";
import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { AppError } from "../shared/app-error";
import { isUuid } from "../shared/ids";
import type { StaffActor } from "../staff/pass-staff-gate";
import type { StaffAction } from "../staff/permissions";
import type { FileStorage } from "../storage/storage";
import { deleteMessagePictures, releaseMessagePictures } from "../conversations/message-pictures";
import { MODERATION_OFF, REPORT_NOT_FOUND, settlePendingReport } from "./review-report";

export type MessageReportDecision = "dismiss" | "remove";

/** Each decision: the status its reports get, and the audit log's action name (the permission table's entry). */
export const MESSAGE_DECISIONS: Record<
  MessageReportDecision,
  { status: "rejected" | "approved"; action: StaffAction }
> = {
  dismiss: { status: "rejected", action: "reject_message_report" },
  remove: { status: "approved", action: "remove_reported_message" },
};

/**
 * A moderator settles a pending message report (decision 086), and with it every other pending report of the same
 * message (same status, same notes):
 * - dismiss: the message stays as it is (status rejected);
 * - remove: the message's words and pictures are emptied and it is marked removed (status approved); both members
 *   then read "Message removed by SwapShed staff" in its place, on the page and through the API. Its picture files
 *   are let go of in the transaction and deleted after it (the scheduler's sweep deletes them if this process
 *   cannot).
 * Each reporter is told the outcome (the 'report settled' notice and its e-mail, through the events path). One
 * transaction with exactly one audit row (target the report; the metadata names the message, its thread, its writer
 * and the reports settled with it). The message's row is locked first (a member's report locks it too), and the
 * report changes only `where status = 'pending'`: of two moderators at once, one wins and the other is told
 * 'This report has already been ...'.
 */
export async function settleMessageReport(
  deps: { db: Db; storage?: FileStorage },
  {
    actor,
    reportId,
    decision,
    notes: rawNotes,
    now,
    appUrl,
  }: {
    actor: StaffActor;
    reportId: string;
    decision: MessageReportDecision;
    notes?: unknown;
    now: Date;
    appUrl: string;
  },
) {
  const { db } = deps;
  if (!isUuid(reportId)) throw new AppError("NOT_FOUND", REPORT_NOT_FOUND);
  if (!(await isFeatureEnabled(db, "enable_moderation"))) throw new AppError("FORBIDDEN", MODERATION_OFF);
  const notes = typeof rawNotes === "string" && rawNotes.trim() ? rawNotes.trim().slice(0, 500) : null;
  const { status, action } = MESSAGE_DECISIONS[decision];

  const settled = await db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ messageId: moderationReports.messageId, conversationId: moderationReports.conversationId })
      .from(moderationReports)
      .where(and(eq(moderationReports.id, reportId), eq(moderationReports.subject, "message")));
    if (!seen) throw new AppError("NOT_FOUND", REPORT_NOT_FOUND);
    const [message] = seen.messageId
      ? await tx
          .select({
            id: conversationMessages.id,
            senderId: conversationMessages.senderId,
            removedAt: conversationMessages.removedAt,
          })
          .from(conversationMessages)
          .where(eq(conversationMessages.id, seen.messageId))
          .for("update")
      : [];

    const report = await settlePendingReport(tx, { reportId, status, reviewerId: actor.userId, notes, now });
    // Removing a message that is gone (its thread deleted) or already removed changes nothing but the reports.
    if (decision === "remove" && !message)
      throw new AppError("CONFLICT", "The message is no longer there: dismiss the report instead");

    const others = message
      ? await tx
          .update(moderationReports)
          .set({ status, reviewedBy: actor.userId, reviewedAt: now, reviewNotes: notes })
          .where(and(eq(moderationReports.messageId, message.id), eq(moderationReports.status, "pending")))
          .returning()
      : [];

    const removing = decision === "remove" && message && !message.removedAt;
    const pictures = removing ? await releaseMessagePictures(tx, { messageIds: [message.id], now }) : null;
    const removed = removing
      ? await tx
          .update(conversationMessages)
          .set({ body: null, pictures: [], maskedKinds: [], removedAt: now })
          .where(and(eq(conversationMessages.id, message.id), isNull(conversationMessages.removedAt)))
          .returning()
      : [];

    const [thread] = seen.conversationId
      ? await tx
          .select({ title: conversations.listingTitle })
          .from(conversations)
          .where(eq(conversations.id, seen.conversationId))
      : [];
    for (const settledReport of [report, ...others]) {
      if (!settledReport.reportedBy) continue;
      await recordStaffEvent(tx, {
        kind: "report.reviewed",
        subjectId: settledReport.id,
        payload: {
          reporterId: settledReport.reportedBy,
          title: thread?.title ?? null,
          outcome: status,
          subject: "message",
          conversationId: seen.conversationId,
        },
      });
    }

    await recordAdminAction(tx, {
      actorId: actor.userId,
      action,
      targetType: "report",
      targetId: report.id,
      metadata: {
        message_id: seen.messageId,
        conversation_id: seen.conversationId,
        sender_id: message?.senderId ?? null,
        report_reason: report.reason,
        ...(notes ? { notes } : {}),
        ...(others.length ? { resolved_with: others.map((o) => o.id) } : {}),
        ...(decision === "remove" ? { message_removed: removed.length > 0 } : {}),
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { reportId: report.id, status, messageRemoved: removed.length > 0, pictures };
  });
  if (deps.storage) await deleteMessagePictures({ db, storage: deps.storage }, settled.pictures);
  await deliverAfterCommit({ db, env: { APP_URL: appUrl } });
  return { reportId: settled.reportId, status: settled.status, messageRemoved: settled.messageRemoved };
}
