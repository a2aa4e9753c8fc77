import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { favourites } from "#db/schema/favourites.ts";
import { listings } from "#db/schema/listings.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordStaffEvent } from "../events/record-event";
import { keepSavedSearchesInStep } from "../saved-searches/keep-listing-wants";
import { pictureKeys } from "../images/picture-keys";
import { AppError } from "../shared/app-error";
import { requireReason } from "../shared/reason";
import { notePendingFiles, removePendingFiles } from "../storage/pending-files";
import type { FileStorage } from "../storage/storage";
import { declineOffersOnListing } from "../swaps/decline-offers-on-listing";
import type { StaffActor } from "../staff/pass-staff-gate";
import type { StaffAction } from "../staff/permissions";
import { type ListingUnderModeration, lockListingsForModeration } from "./lock-listings-for-moderation";
import { settlePendingReports } from "./settle-pending-reports";

import type { ListingModeration } from "./listing-moderation";
import { listingsWithSwapHistory } from "../swaps/deal-items";

export type { ListingModeration };

export const LISTING_NOT_FOUND = "Listing not found";
export const NO_LISTINGS_SELECTED = "No listings selected";
export const IN_ACCEPTED_SWAP = "This listing is in an accepted swap: cancel the swap first";
export const MAX_BULK = 100;

const ACTION: Record<ListingModeration, StaffAction> = {
  approve: "approve_listing",
  reject: "reject_listing",
  takedown: "takedown_listing",
  delete: "delete_listing",
};

const ALREADY: Record<ListingModeration, string> = {
  approve: "This listing is already approved",
  reject: "This listing is already rejected",
  takedown: "This listing is already taken down",
  delete: "This listing is already deleted",
};

/** What a listing's open reports become when staff act on the listing itself (from the Listings page). */
const REPORTS_SETTLED_AS = {
  approve: "rejected",
  reject: "approved",
  takedown: "takedown",
  delete: "approved",
} as const satisfies Record<ListingModeration, "approved" | "rejected" | "takedown">;
const SETTLED_BY_APPROVAL = "The listing was reviewed and approved.";

type Locked = ListingUnderModeration;

/** Why this listing cannot take this moderation, or null when it can. */
function refusal(listing: Locked, moderation: ListingModeration): string | null {
  if (listing.status === "deleted") return moderation === "delete" ? ALREADY.delete : LISTING_NOT_FOUND;
  if (moderation === "approve" && listing.moderationStatus === "approved" && !listing.isFlagged) return ALREADY.approve;
  if (moderation === "reject" && listing.moderationStatus === "rejected") return ALREADY.reject;
  if (moderation === "takedown" && listing.moderationStatus === "takedown") return ALREADY.takedown;
  if (moderation !== "approve" && listing.status === "reserved") return IN_ACCEPTED_SWAP;
  return null;
}

export type ModerationResult = {
  changed: string[];
  skipped: { id: string; reason: string }[];
  removedPictureKeys: string[];
};

/**
 * Staff act on listings, one or many, in one transaction: approve (approved, flag cleared; a rejected or taken-down
 * listing is restored: active again, its reason cleared, its owner told), reject (rejected and
 * cancelled), take down (takedown and cancelled, with the reason and time) or delete for good (admins). Each
 * changed listing gets its audit row, its owner an e-mail with the reason (not for approval), its open reports are
 * settled (their reporters told), and pending offers involving it are declined as 'Listing no longer available'. A single listing that cannot take the action is
 * refused with the reason; in bulk, such listings are skipped and counted.
 *
 * Deleting for good keeps swap and payment history whole: a listing that was ever in a proposal stays as a
 * tombstone (status deleted, description removed, title kept for the history; its picture files are removed while
 * the rows keep their keys, which then answer 404); one that never was
 * is removed outright. The pictures' files are let go of in the transaction (a pending-files note) and removed
 * from storage once it has committed; without `storage` (or if storage fails) the next sweep removes them.
 */
export async function moderateListings(
  deps: { db: Db; storage?: FileStorage },
  {
    actor,
    ids,
    moderation,
    reason: rawReason,
    now,
    appUrl,
  }: { actor: StaffActor; ids: string[]; moderation: ListingModeration; reason?: unknown; now: Date; appUrl: string },
): Promise<ModerationResult> {
  const unique = [...new Set(ids)].filter((id) => /^[0-9a-f-]{36}$/i.test(id)).slice(0, MAX_BULK);
  if (unique.length === 0) throw new AppError("VALIDATION", ids.length ? LISTING_NOT_FOUND : NO_LISTINGS_SELECTED);
  const reason = moderation === "approve" ? null : requireReason(rawReason);
  const single = ids.length === 1;

  let filesNote: string | null = null;
  const moderated = await deps.db.transaction(async (tx) => {
    const locked = await lockListingsForModeration(tx, unique);
    const result: ModerationResult = { changed: [], skipped: [], removedPictureKeys: [] };
    for (const id of unique.filter((id) => !locked.some((l) => l.id === id)))
      result.skipped.push({ id, reason: LISTING_NOT_FOUND });

    for (const listing of locked) {
      const refused = refusal(listing, moderation);
      if (refused) {
        result.skipped.push({ id: listing.id, reason: refused });
        continue;
      }
      const before = {
        status: listing.status,
        moderationStatus: listing.moderationStatus,
        isFlagged: listing.isFlagged,
      };
      // Open reports about it are settled by this decision (before a delete for good unlinks them).
      const settledReports = await settlePendingReports(tx, {
        listing,
        status: REPORTS_SETTLED_AS[moderation],
        reviewerId: actor.userId,
        notes: reason ?? SETTLED_BY_APPROVAL,
        now,
      });
      const after = await applyModeration(tx, { listing, moderation, reason, now });
      // A listing public again (approved, reinstated, restored) is matched to saved searches as a new one is;
      // a deleted one's want goes (core/saved-searches).
      await keepSavedSearchesInStep(tx, listing.id);
      if (moderation === "delete") result.removedPictureKeys.push(...pictureKeys(listing.images));
      if (moderation === "approve" && listing.status === "cancelled")
        await recordStaffEvent(tx, {
          kind: "listing.moderated",
          subjectId: listing.id,
          payload: { ownerId: listing.userId, title: listing.title, outcome: "reinstated", reason: "" },
        });
      else if (moderation === "approve" && listing.moderationStatus === "pending")
        // Held for review (hidden) and now public: the owner is told in the bell (no mail, as before).
        await recordStaffEvent(tx, {
          kind: "listing.moderated",
          subjectId: listing.id,
          payload: { ownerId: listing.userId, title: listing.title, outcome: "approved", reason: "" },
        });
      if (moderation !== "approve") {
        await declineOffersOnListing(tx, listing.id, now);
        await recordStaffEvent(tx, {
          kind: "listing.moderated",
          subjectId: listing.id,
          payload: {
            ownerId: listing.userId,
            title: listing.title,
            outcome: moderation === "reject" ? "rejected" : moderation === "takedown" ? "takedown" : "deleted",
            reason: reason ?? "",
          },
        });
      }
      await recordAdminAction(tx, {
        actorId: actor.userId,
        action: ACTION[moderation],
        targetType: "listing",
        targetId: listing.id,
        metadata: {
          ...(reason ? { reason } : {}),
          ...(single ? {} : { bulk: true }),
          before,
          after,
          ...(settledReports.length ? { settled_reports: settledReports } : {}),
        },
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
      result.changed.push(listing.id);
    }
    // One listing asked for and not changed: say why, and change nothing (nothing was).
    if (single && result.changed.length === 0) {
      const why = result.skipped[0]?.reason ?? LISTING_NOT_FOUND;
      throw new AppError(why === LISTING_NOT_FOUND ? "NOT_FOUND" : "CONFLICT", why);
    }
    if (result.removedPictureKeys.length)
      filesNote = await notePendingFiles(tx, { keys: result.removedPictureKeys, now, graceMs: 0 });
    return result;
  });
  if (filesNote && deps.storage) await removePendingFiles({ db: deps.db, storage: deps.storage }, filesNote);
  await deliverAfterCommit({ db: deps.db, env: { APP_URL: appUrl } });
  return moderated;
}

async function applyModeration(
  tx: Db,
  {
    listing,
    moderation,
    reason,
    now,
  }: { listing: Locked; moderation: ListingModeration; reason: string | null; now: Date },
): Promise<Record<string, unknown>> {
  switch (moderation) {
    case "approve": {
      // Approving a rejected or taken-down listing is staff's undo: it is public again and the old reason goes
      // (docs/spec/DECISIONS.md: an approval never leaves a listing hidden while saying it was approved).
      // Status cancelled is only ever set by moderation, so it is the one status an approval lifts.
      const restores = listing.status === "cancelled";
      await tx
        .update(listings)
        .set({
          moderationStatus: "approved",
          isFlagged: false,
          ...(restores ? { status: "active", takedownReason: null, takedownAt: null } : {}),
          updatedAt: now,
        })
        .where(eq(listings.id, listing.id));
      return {
        moderationStatus: "approved",
        isFlagged: false,
        ...(restores ? { status: "active", restored: true } : {}),
      };
    }
    case "reject":
      await tx
        .update(listings)
        .set({
          moderationStatus: "rejected",
          status: "cancelled",
          isFlagged: false,
          takedownReason: reason,
          updatedAt: now,
        })
        .where(eq(listings.id, listing.id));
      return { moderationStatus: "rejected", status: "cancelled" };
    case "takedown":
      await tx
        .update(listings)
        .set({
          moderationStatus: "takedown",
          status: "cancelled",
          isFlagged: false,
          takedownReason: reason,
          takedownAt: now,
          updatedAt: now,
        })
        .where(eq(listings.id, listing.id));
      return { moderationStatus: "takedown", status: "cancelled", takedownAt: now.toISOString() };
    case "delete": {
      // A listing any swap ever held (on either side, in a bundle or not) keeps its row for that swap's history.
      const history = (await listingsWithSwapHistory(tx, [listing.id])).size > 0;
      if (!history) {
        await tx.delete(listings).where(eq(listings.id, listing.id));
        return { removed: true };
      }
      await tx.delete(favourites).where(eq(favourites.listingId, listing.id));
      await tx
        .update(listings)
        .set({ status: "deleted", deletedAt: now, description: "", takedownReason: reason, updatedAt: now })
        .where(eq(listings.id, listing.id));
      return { status: "deleted", tombstone: true };
    }
  }
}
