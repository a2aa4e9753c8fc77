// Swap proposals and the reviews left after a completed swap.
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, inList, tstz, updatedAt } from "./columns";
import { listings } from "./listings";

/** pending -> accepted (both listings reserved) -> completed (both paid, or fee waived);
 *  pending -> rejected (receiver, or auto when a listing is taken) | withdrawn (proposer) | expired (48 h).
 *  Admin "Cancel swap" sets rejected. */
export const SWAP_STATUSES = ["pending", "accepted", "rejected", "withdrawn", "expired", "completed"] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

export const SWAP_EXPIRY_HOURS = 48;

export const swapProposals = pgTable(
  "swap_proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The receiver's listing the proposer wants.
    targetListingId: uuid("target_listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "restrict" }),
    // The proposer's own listing offered in exchange.
    offeredListingId: uuid("offered_listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "restrict" }),
    proposerId: text("proposer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    // Owner of the target listing at the time of proposing (denormalised for the Received tab).
    receiverId: text("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    // Optional; an empty message is stored as NULL.
    message: text("message"),
    status: text("status", { enum: SWAP_STATUSES }).notNull().default("pending"),
    // Each party's handshake fee settled (paid by card or credit). Both true => completed.
    proposerPaid: boolean("proposer_paid").notNull().default(false),
    receiverPaid: boolean("receiver_paid").notNull().default(false),
    // e.g. "Listing no longer available" when another proposal on either listing was accepted.
    rejectionReason: text("rejection_reason"),
    // Set at insert; accept must check `expires_at > now()` so expiry holds whatever the cleanup job does.
    expiresAt: tstz("expires_at")
      .notNull()
      .default(sql`now() + interval '${sql.raw(String(SWAP_EXPIRY_HOURS))} hours'`),
    acceptedAt: tstz("accepted_at"),
    // Accepted swaps lapse when both fees are not paid by then (48 hours after acceptance).
    paymentDueAt: tstz("payment_due_at"),
    completedAt: tstz("completed_at"),
    // When the receiver accepted/declined or the proposer withdrew.
    respondedAt: tstz("responded_at"),
    // Disputes are a flag with notes, marked and resolved by admins.
    isDisputed: boolean("is_disputed").notNull().default(false),
    disputeNotes: text("dispute_notes"),
    disputeResolvedAt: tstz("dispute_resolved_at"),
    disputeResolution: text("dispute_resolution"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("swap_proposals_status_check", inList(t.status, SWAP_STATUSES)),
    check("swap_proposals_distinct_listings_check", sql`${t.offeredListingId} <> ${t.targetListingId}`),
    check("swap_proposals_distinct_parties_check", sql`${t.proposerId} <> ${t.receiverId}`),
    check("swap_proposals_message_check", sql`${t.message} IS NULL OR char_length(${t.message}) BETWEEN 1 AND 1000`),
    check(
      "swap_proposals_accepted_at_check",
      sql`${t.status} NOT IN ('accepted', 'completed') OR ${t.acceptedAt} IS NOT NULL`,
    ),
    check("swap_proposals_completed_at_check", sql`${t.status} <> 'completed' OR ${t.completedAt} IS NOT NULL`),
    check("swap_proposals_payment_due_check", sql`${t.status} <> 'accepted' OR ${t.paymentDueAt} IS NOT NULL`),
    // No second pending proposal for the same pair; the database, not the app, is the guard against races.
    uniqueIndex("swap_proposals_one_pending_per_pair_idx")
      .on(t.offeredListingId, t.targetListingId)
      .where(sql`${t.status} = 'pending'`),
    // My Swaps: Received and Sent tabs, admin per-user history.
    index("swap_proposals_receiver_idx").on(t.receiverId, t.createdAt.desc().nullsFirst()),
    index("swap_proposals_proposer_idx").on(t.proposerId, t.createdAt.desc().nullsFirst()),
    // Accepting rejects every other pending proposal touching either listing.
    index("swap_proposals_target_pending_idx").on(t.targetListingId).where(sql`${t.status} = 'pending'`),
    index("swap_proposals_offered_pending_idx").on(t.offeredListingId).where(sql`${t.status} = 'pending'`),
    // Expiry job: pending rows whose expires_at has passed.
    index("swap_proposals_expiry_idx").on(t.status, t.expiresAt),
    // The lapse job and its warnings: accepted swaps by payment deadline.
    index("swap_proposals_payment_due_idx").on(t.paymentDueAt).where(sql`${t.status} = 'accepted'`),
    // Admin list, newest first.
    index("swap_proposals_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    // Reports: swaps completed per day.
    index("swap_proposals_completed_at_idx").on(t.completedAt).where(sql`${t.completedAt} IS NOT NULL`),
  ],
);

/** One review per party per completed swap; a member's rating is the average of reviews received. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    swapProposalId: uuid("swap_proposal_id")
      .notNull()
      .references(() => swapProposals.id, { onDelete: "cascade" }),
    reviewerId: text("reviewer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    revieweeId: text("reviewee_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    rating: smallint("rating").notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
    check("reviews_comment_check", sql`${t.comment} IS NULL OR char_length(${t.comment}) <= 1000`),
    check("reviews_distinct_parties_check", sql`${t.reviewerId} <> ${t.revieweeId}`),
    uniqueIndex("reviews_one_per_reviewer_idx").on(t.swapProposalId, t.reviewerId),
    // Rating average per member.
    index("reviews_reviewee_idx").on(t.revieweeId),
  ],
);
