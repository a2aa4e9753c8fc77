import { and, eq } from "drizzle-orm";
import { checkWeightedReports } from "../trust/check-weighted-reports";
import type { Db } from "#db/client.ts";
import { conversationMessages } from "#db/schema/conversations.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { type MaskContactDetails, textForViewer } from "../conversations/contact-mask";
import { findThreadAsParticipant } from "../conversations/conversation-guards";
import { isThreadUnlocked } from "../conversations/is-thread-unlocked";
import { hitMemberLimit, MemberLimitError, recordMemberLimitRefusal } from "../rate-limit/member-limits";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUuid } from "../shared/ids";
import { isUniqueViolation } from "../shared/sql-errors";
import { isReportingOn } from "./can-report";
import { checkReportForm } from "./report-form";

export const REPORTING_MESSAGES_OFF = "Reporting messages is turned off at the moment";
export const MESSAGE_NOT_FOUND = "Message not found";
export const OWN_MESSAGE = "You can't report your own message";
export const MESSAGE_ALREADY_REMOVED = "This message has already been removed by SwapShed staff";
export const MESSAGE_ALREADY_REPORTED =
  "You've already reported this message. Our moderators will look at your report soon.";

export type ReportMessageInput = {
  reporterId: string;
  conversationId: string;
  messageId: string;
  reason?: unknown;
  notes?: unknown;
};

/** The message a member may report, read in (or out of) the report's transaction; refuses anything else. */
async function reportableMessage(
  db: Db,
  { reporterId, conversationId, messageId }: { reporterId: string; conversationId: string; messageId: string },
  { lock }: { lock: boolean },
) {
  // Not one of the thread's two members: the thread does not exist for them (as everywhere in conversations).
  const thread = await findThreadAsParticipant(db, { conversationId, userId: reporterId });
  if (!isUuid(messageId)) throw new AppError("NOT_FOUND", MESSAGE_NOT_FOUND);
  const query = db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.id, messageId), eq(conversationMessages.conversationId, thread.id)));
  const [message] = lock ? await query.for("update") : await query;
  // Only a member's words are reported: a line of the deal (a proposal, a payment) is the site's, not theirs.
  if (message?.kind !== "text" || !message.senderId) throw new AppError("NOT_FOUND", MESSAGE_NOT_FOUND);
  if (message.senderId === reporterId) throw new AppError("FORBIDDEN", OWN_MESSAGE);
  if (message.removedAt) throw new AppError("CONFLICT", MESSAGE_ALREADY_REMOVED);
  return { thread, message };
}

/**
 * The message on the report page, as the reporter sees it in the thread (masked where the contact rule says):
 * the other member's words in a thread the reporter is in, not removed. Refuses as reportMessage does.
 */
export async function findMessageToReport(
  deps: { db: Db; mask: MaskContactDetails },
  input: { reporterId: string; conversationId: string; messageId: string },
) {
  const { message } = await reportableMessage(deps.db, input, { lock: false });
  const unlocked = await isThreadUnlocked(deps.db, message.conversationId);
  return {
    id: message.id,
    conversationId: message.conversationId,
    createdAt: message.createdAt,
    pictures: message.pictures.length,
    ...textForViewer(deps.mask, message, { viewerId: input.reporterId, unlocked }),
  };
}

/**
 * A member reports a line the other member wrote in their thread (reason and notes, as for a listing) into the
 * Moderation Queue (decision 086). Refused: a thread they are not in and a line not in that thread (both "not
 * found", so nothing is learnt about other threads), their own line, a line of the deal, a removed line, and a
 * second open report of the same line by the same member. One transaction: the message's row is locked, so one
 * member's two reports at once queue up and the second is told it is already reported (the partial unique index
 * holds it too). Counts against the member's 'report_message' limit once the report is valid and new. Off while
 * `enable_moderation` is off, as reporting listings.
 */
export async function reportMessage(
  deps: { db: Db; clock: Clock },
  input: ReportMessageInput,
): Promise<{ id: string }> {
  if (!(await isReportingOn(deps.db))) throw new AppError("FORBIDDEN", REPORTING_MESSAGES_OFF);
  const checked = checkReportForm({ reason: input.reason, notes: input.notes });
  if (!checked.ok) throw new AppError("VALIDATION", checked.first, { field: Object.keys(checked.errors)[0] });
  const { reason, notes } = checked.fields;
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const { thread, message } = await reportableMessage(tx, input, { lock: true });
      const [open] = await tx
        .select({ id: moderationReports.id })
        .from(moderationReports)
        .where(
          and(
            eq(moderationReports.messageId, message.id),
            eq(moderationReports.reportedBy, input.reporterId),
            eq(moderationReports.status, "pending"),
          ),
        );
      if (open) throw new AppError("CONFLICT", MESSAGE_ALREADY_REPORTED);
      await hitMemberLimit(
        { db: tx, clock: deps.clock },
        { userId: input.reporterId, action: "report_message" },
        { recordRefusal: false },
      );
      const [report] = await tx
        .insert(moderationReports)
        .values({
          subject: "message",
          messageId: message.id,
          conversationId: thread.id,
          reportedBy: input.reporterId,
          reason,
          notes,
          createdAt: now,
        })
        .returning();
      // Reports weighed by their reporters' standing may raise a signal about the sender (decision 098).
      await checkWeightedReports(tx, { memberId: message.senderId as string, now });
      return { id: report.id };
    });
  } catch (error) {
    // The refusal rolled back with the transaction; its security event is written now, outside it.
    if (error instanceof MemberLimitError) await recordMemberLimitRefusal(deps.db, input.reporterId, error);
    if (isUniqueViolation(error, "moderation_reports_one_pending_message_idx"))
      throw new AppError("CONFLICT", MESSAGE_ALREADY_REPORTED);
    throw error;
  }
}
