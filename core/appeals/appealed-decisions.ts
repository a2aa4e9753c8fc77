import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { appeals } from "#db/schema/appeals.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";

// The decisions a member may appeal (decision 097), as the audit trail tells who took them and when.

/** The audit actions that suspend a member, and those that remove a listing (on its own page, or from a report). */
const SUSPENDING = ["suspend_user"];
const LISTING_DECISIONS = ["reject_listing", "takedown_listing"];
const REPORT_DECISIONS = ["approve_report", "takedown_from_report"];

/** The staff member whose audit row is the latest of `actions` on the target, and when; null when none is. */
async function latestDecision(db: Db, where: ReturnType<typeof and>) {
  const [row] = await db
    .select({ adminId: adminAuditLog.adminId, at: adminAuditLog.createdAt })
    .from(adminAuditLog)
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(1);
  return row ?? null;
}

/** The appeal already lodged against this decision, if any. */
export async function appealOf(
  db: Db,
  { userId, listingId, decisionAt }: { userId: string; listingId: string | null; decisionAt: Date },
) {
  const [row] = await db
    .select({
      id: appeals.id,
      status: appeals.status,
      decisionReason: appeals.decisionReason,
      createdAt: appeals.createdAt,
    })
    .from(appeals)
    .where(
      and(
        eq(appeals.userId, userId),
        eq(appeals.subject, listingId ? "listing" : "suspension"),
        listingId ? eq(appeals.listingId, listingId) : sql`${appeals.listingId} is null`,
        eq(appeals.decisionAt, decisionAt),
      ),
    );
  return row ?? null;
}

/** A member's current suspension: when, why and by whom; null when they are not suspended. */
export async function findSuspension(db: Db, userId: string) {
  const [profile] = await db
    .select({ status: profiles.status, suspendedAt: profiles.suspendedAt, reason: profiles.suspensionReason })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), sql`${profiles.deletedAt} is null`));
  if (profile?.status !== "suspended" || !profile.suspendedAt) return null;
  const decision = await latestDecision(
    db,
    and(
      eq(adminAuditLog.targetType, "user"),
      eq(adminAuditLog.targetId, userId),
      inArray(adminAuditLog.action, SUSPENDING),
    ),
  );
  return { decisionAt: profile.suspendedAt, actedBy: decision?.adminId ?? null, reason: profile.reason ?? "" };
}

/**
 * A listing's removal by staff (rejected or taken down, and not restored since) as its owner may appeal it: when
 * (the audit row of the decision; a listing hidden by members' reports alone has no staff decision and dates from
 * its takedown time), why, and by whom. Null when the listing is not its owner's or no decision stands on it.
 */
export async function findListingDecision(db: Db, { userId, listingId }: { userId: string; listingId: string }) {
  const [listing] = await db
    .select({
      id: listings.id,
      title: listings.title,
      status: listings.status,
      moderationStatus: listings.moderationStatus,
      reason: listings.takedownReason,
      takedownAt: listings.takedownAt,
      updatedAt: listings.updatedAt,
    })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.userId, userId)));
  if (!listing) return null;
  const removed =
    listing.status === "cancelled" &&
    (listing.moderationStatus === "rejected" || listing.moderationStatus === "takedown");
  if (!removed) return { listing, decision: null };
  const decision = await latestDecision(
    db,
    or(
      and(
        eq(adminAuditLog.targetType, "listing"),
        eq(adminAuditLog.targetId, listingId),
        inArray(adminAuditLog.action, LISTING_DECISIONS),
      ),
      and(
        eq(adminAuditLog.targetType, "report"),
        sql`${adminAuditLog.metadata}->>'listing_id' = ${listingId}`,
        inArray(adminAuditLog.action, REPORT_DECISIONS),
      ),
    ),
  );
  const decisionAt = decision?.at ?? listing.takedownAt ?? listing.updatedAt;
  return {
    listing,
    decision: { decisionAt, actedBy: decision?.adminId ?? null, reason: listing.reason ?? "" },
  };
}

/** The member's latest appeal about a listing (whatever decision it was against): a reversed one leaves none standing. */
export async function latestListingAppeal(db: Db, { userId, listingId }: { userId: string; listingId: string }) {
  const [row] = await db
    .select({ status: appeals.status, decisionReason: appeals.decisionReason })
    .from(appeals)
    .where(and(eq(appeals.userId, userId), eq(appeals.listingId, listingId)))
    .orderBy(desc(appeals.createdAt))
    .limit(1);
  return row ?? null;
}
