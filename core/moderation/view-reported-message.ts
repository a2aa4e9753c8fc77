import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { conversationMessages, conversations } from "#db/schema/conversations.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { isUuid } from "../shared/ids";
import type { StaffActor } from "../staff/pass-staff-gate";
import { onReport, reporter } from "./report-joins";

/** Lines shown on each side of the reported one. */
export const CONTEXT_LINES = 5;
/** The audit log's action for opening a reported message: the only way staff read members' messages. */
export const VIEW_REPORTED_MESSAGE = "view_reported_message";

const reviewer = alias(users, "reviewer");
const asker = alias(users, "asker");
const owner = alias(users, "owner");
const sender = alias(users, "sender");

/** A line of the thread as staff see it beside a report: the words as written (never masked), who wrote them. */
export type StaffThreadLine = {
  id: string;
  seq: number;
  kind: "text" | "event";
  senderId: string | null;
  senderName: string | null;
  body: string | null;
  pictures: number;
  eventKind: string | null;
  removed: boolean;
  reported: boolean;
  createdAt: Date;
};

/**
 * Staff open a message report (decision 086): the report, the reported line and up to 5 lines either side of it,
 * the words as written (staff judge what was actually said, contact details included), who wrote each, the two
 * members and the thread's listing. Opening it writes one audit row ('view_reported_message', the report's id) in
 * the same transaction as the read, so no one reads a member's messages without a trace. This is the only way in:
 * there is no staff page of a thread, and a report that is not about a message is not found here.
 */
export async function viewReportedMessage(db: Db, { actor, reportId }: { actor: StaffActor; reportId: string }) {
  if (!isUuid(reportId)) return null;
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({
        id: moderationReports.id,
        reason: moderationReports.reason,
        status: moderationReports.status,
        notes: moderationReports.notes,
        createdAt: moderationReports.createdAt,
        reviewedAt: moderationReports.reviewedAt,
        reviewNotes: moderationReports.reviewNotes,
        reviewerName: reviewer.name,
        reporterId: moderationReports.reportedBy,
        reporterName: reporter.name,
        messageId: moderationReports.messageId,
        conversationId: moderationReports.conversationId,
      })
      .from(moderationReports)
      .leftJoin(reporter, onReport.reporter)
      .leftJoin(reviewer, eq(reviewer.id, moderationReports.reviewedBy))
      .where(and(eq(moderationReports.id, reportId), eq(moderationReports.subject, "message")));
    if (!report) return null;

    const [thread] = report.conversationId
      ? await tx
          .select({
            id: conversations.id,
            listingId: conversations.listingId,
            keptTitle: conversations.listingTitle,
            listingTitle: listings.title,
            listingStatus: listings.status,
            askerId: conversations.askerId,
            askerName: asker.name,
            ownerId: conversations.ownerId,
            ownerName: owner.name,
          })
          .from(conversations)
          .leftJoin(listings, eq(listings.id, conversations.listingId))
          .innerJoin(asker, eq(asker.id, conversations.askerId))
          .innerJoin(owner, eq(owner.id, conversations.ownerId))
          .where(eq(conversations.id, report.conversationId))
      : [];
    const [reported] = report.messageId
      ? await tx
          .select({ seq: conversationMessages.seq })
          .from(conversationMessages)
          .where(eq(conversationMessages.id, report.messageId))
      : [];

    let lines: StaffThreadLine[] = [];
    if (thread && reported) {
      const columns = {
        id: conversationMessages.id,
        seq: conversationMessages.seq,
        kind: conversationMessages.kind,
        senderId: conversationMessages.senderId,
        senderName: sender.name,
        body: conversationMessages.body,
        pictures: conversationMessages.pictures,
        eventKind: conversationMessages.eventKind,
        removedAt: conversationMessages.removedAt,
        createdAt: conversationMessages.createdAt,
      };
      const inThread = eq(conversationMessages.conversationId, thread.id);
      const read = (where: ReturnType<typeof and>, order: ReturnType<typeof asc>, limit: number) =>
        tx
          .select(columns)
          .from(conversationMessages)
          .leftJoin(sender, eq(sender.id, conversationMessages.senderId))
          .where(where)
          .orderBy(order)
          .limit(limit);
      // One after the other: the transaction's one connection answers them in turn anyway.
      const before = await read(
        and(inThread, lt(conversationMessages.seq, reported.seq)),
        desc(conversationMessages.seq),
        CONTEXT_LINES,
      );
      const at = await read(
        and(inThread, eq(conversationMessages.seq, reported.seq)),
        asc(conversationMessages.seq),
        1,
      );
      const after = await read(
        and(inThread, gt(conversationMessages.seq, reported.seq)),
        asc(conversationMessages.seq),
        CONTEXT_LINES,
      );
      lines = [...before.reverse(), ...at, ...after].map(({ removedAt, pictures, ...line }) => ({
        ...line,
        pictures: pictures.length,
        removed: removedAt !== null,
        reported: line.id === report.messageId,
      }));
    }

    await recordAdminAction(tx, {
      actorId: actor.userId,
      action: VIEW_REPORTED_MESSAGE,
      targetType: "report",
      targetId: report.id,
      metadata: { message_id: report.messageId, conversation_id: report.conversationId, lines: lines.length },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });

    const { messageId, conversationId, ...rest } = report;
    return {
      ...rest,
      messageId,
      lines,
      thread: thread
        ? {
            id: thread.id,
            listing: {
              id: thread.listingId && thread.listingStatus !== "deleted" ? thread.listingId : null,
              title: thread.listingTitle ?? thread.keptTitle,
            },
            asker: { id: thread.askerId, name: thread.askerName },
            owner: { id: thread.ownerId, name: thread.ownerName },
          }
        : null,
    };
  });
}

export type ReportedMessageView = NonNullable<Awaited<ReturnType<typeof viewReportedMessage>>>;
