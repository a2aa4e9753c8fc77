import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { appeals } from "#db/schema/appeals.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordStaffEvent } from "../events/record-event";
import { keepSavedSearchesInStep } from "../saved-searches/keep-listing-wants";
import { AppError } from "../shared/app-error";
import { isUuid } from "../shared/ids";
import { requireText } from "../shared/reason";
import { findSqlError } from "../shared/sql-errors";
import type { StaffActor } from "../staff/pass-staff-gate";
import { can } from "../staff/permissions";
import {
  ACTED_ON_IT,
  APPEAL_ALREADY_DECIDED,
  APPEAL_NOT_FOUND,
  APPEAL_OUTCOME_REQUIRED,
  APPEAL_OUTCOMES,
  APPEAL_REASON_MAX,
  APPEAL_REASON_REQUIRED,
  type AppealOutcome,
  DECISION_CHANGED,
  ONLY_ADMINS_SUSPENSIONS,
} from "./appeal-rules";

export type AppealDecision = {
  actor: StaffActor;
  appealId: string;
  outcome: unknown;
  reason: unknown;
  now: Date;
};

/**
 * A staff member decides an appeal (decision 097): uphold (the decision stands) or reverse (it is undone), with a
 * reason the member reads. Never the staff member who took the decision: refused here, and by the table's check
 * (appeals_second_pair_of_eyes_check) should anything get past. An appeal against a suspension is an admin's to
 * decide (suspending and reactivating are). In one transaction: reversing reactivates the member (as the Users
 * page's Reactivate does) or restores the listing (active and approved again, its reason
 * cleared); the appeal is decided; exactly one audit row ('resolve_appeal', with the before and after of what was undone); and the `appeal.decided` event, which tells
 * the member by e-mail and notice after the commit.
 */
export async function decideAppeal(deps: { db: Db; env?: { APP_URL: string } }, change: AppealDecision) {
  const outcome = APPEAL_OUTCOMES.find((o) => o === change.outcome) as AppealOutcome | undefined;
  if (!outcome) throw new AppError("VALIDATION", APPEAL_OUTCOME_REQUIRED, { field: "outcome" });
  const reason = requireText(change.reason, APPEAL_REASON_REQUIRED, APPEAL_REASON_MAX);
  const { actor, now } = change;
  try {
    await deps.db.transaction(async (tx) => {
      if (!isUuid(change.appealId)) throw new AppError("NOT_FOUND", APPEAL_NOT_FOUND);
      const [appeal] = await tx.select().from(appeals).where(eq(appeals.id, change.appealId)).for("update");
      if (!appeal) throw new AppError("NOT_FOUND", APPEAL_NOT_FOUND);
      if (appeal.status !== "pending") throw new AppError("CONFLICT", APPEAL_ALREADY_DECIDED);
      if (appeal.actedBy === actor.userId) throw new AppError("FORBIDDEN", ACTED_ON_IT);
      if (appeal.subject === "suspension" && !can(actor.roles, "reactivate_user"))
        throw new AppError("FORBIDDEN", ONLY_ADMINS_SUSPENSIONS);

      let title: string | null = null;
      let undone: Record<string, unknown> = {};
      if (appeal.subject === "listing" && appeal.listingId) {
        const [listing] = await tx
          .select()
          .from(listings)
          .where(and(eq(listings.id, appeal.listingId), eq(listings.userId, appeal.userId)))
          .for("update");
        if (!listing) throw new AppError("NOT_FOUND", APPEAL_NOT_FOUND);
        title = listing.title;
        if (outcome === "reversed") {
          const removed =
            listing.status === "cancelled" &&
            (listing.moderationStatus === "rejected" || listing.moderationStatus === "takedown");
          if (!removed) throw new AppError("CONFLICT", DECISION_CHANGED);
          await tx
            .update(listings)
            .set({
              status: "active",
              moderationStatus: "approved",
              isFlagged: false,
              takedownReason: null,
              takedownAt: null,
              updatedAt: now,
            })
            .where(eq(listings.id, listing.id));
          // Public again: matched to saved searches as a new listing is.
          await keepSavedSearchesInStep(tx, listing.id);
          undone = {
            before: {
              status: listing.status,
              moderationStatus: listing.moderationStatus,
              reason: listing.takedownReason,
            },
            after: { status: "active", moderationStatus: "approved" },
          };
        }
      } else if (outcome === "reversed") {
        const [profile] = await tx
          .select()
          .from(profiles)
          .where(and(eq(profiles.userId, appeal.userId), isNull(profiles.deletedAt)))
          .for("update");
        const same = profile?.status === "suspended" && profile.suspendedAt?.getTime() === appeal.decisionAt.getTime();
        if (!profile || !same) throw new AppError("CONFLICT", DECISION_CHANGED);
        await tx
          .update(profiles)
          .set({ status: "active", suspendedAt: null, suspensionReason: null, updatedAt: now })
          .where(eq(profiles.userId, appeal.userId));
        // One audit row for the whole decision: the reactivation's before and after travel in it.
        undone = {
          before: {
            status: "suspended",
            suspendedAt: profile.suspendedAt,
            suspensionReason: profile.suspensionReason,
          },
          after: { status: "active" },
        };
      }

      await tx
        .update(appeals)
        .set({ status: outcome, decidedBy: actor.userId, decidedAt: now, decisionReason: reason })
        .where(eq(appeals.id, appeal.id));
      await recordAdminAction(tx, {
        actorId: actor.userId,
        action: "resolve_appeal",
        targetType: appeal.subject === "listing" ? "listing" : "user",
        targetId: appeal.subject === "listing" ? appeal.listingId : appeal.userId,
        metadata: {
          appeal_id: appeal.id,
          subject: appeal.subject,
          outcome,
          reason,
          acted_by: appeal.actedBy,
          decision_at: appeal.decisionAt.toISOString(),
          ...undone,
        },
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
      await recordStaffEvent(tx, {
        kind: "appeal.decided",
        subjectId: appeal.id,
        payload: {
          userId: appeal.userId,
          subject: appeal.subject,
          outcome,
          reason,
          listingId: appeal.listingId,
          title,
        },
      });
    });
  } catch (error) {
    // The table's own check: the one who acted never decides, whatever path the write took.
    if (findSqlError(error)?.constraint === "appeals_second_pair_of_eyes_check")
      throw new AppError("FORBIDDEN", ACTED_ON_IT);
    throw error;
  }
  await deliverAfterCommit(deps);
}
