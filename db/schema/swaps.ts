// Swap proposals and the reviews left after a completed swap.
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, inList, tstz, updatedAt } from "./columns";
import { listings } from "./listings";
import { swapCircles } from "./swap-circles";

/** pending -> accepted (both listings reserved) -> arranging (both paid, or fee waived: the handshake) ->
 *  completed (both confirmed "We've swapped", or 7 days after the handshake with no problem reported);
 *  pending -> rejected (receiver, or auto when a listing is taken) | withdrawn (proposer) | expired (48 h).
 *  Admin "Cancel swap" sets rejected. */
export const SWAP_STATUSES = [
  "pending",
  "accepted",
  "rejected",
  "withdrawn",
  "expired",
  "arranging",
  "completed",
] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

export const SWAP_EXPIRY_HOURS = 48;

/** How a swap became completed: both members confirmed, or the quiet week after the handshake passed. */
export const SWAP_COMPLETIONS = ["confirmed", "timed_out"] as const;
export type SwapCompletion = (typeof SWAP_COMPLETIONS)[number];

/** The review tags (issue 28); the first three are praise, the last two are warnings. */
export const REVIEW_TAGS = ["as_described", "on_time", "friendly", "not_as_described", "no_show"] as const;
export type ReviewTag = (typeof REVIEW_TAGS)[number];

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
    // Counter-offers (issue 29, decision 103): who made the offer on the table now (NULL: the proposer, who made the
    // first), and how many counters it has had. The other party answers it; at most 5 counters.
    offerById: text("offer_by_id").references(() => users.id, { onDelete: "restrict" }),
    counterRound: smallint("counter_round").notNull().default(0),
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
    // The handshake: when both fees were settled (or waived) and the swap became "arranging".
    handshakeAt: tstz("handshake_at"),
    // Each side's "We've swapped". Completed when both are set, or 7 days after the handshake with no problem.
    proposerSwappedAt: tstz("proposer_swapped_at"),
    receiverSwappedAt: tstz("receiver_swapped_at"),
    completedHow: text("completed_how", { enum: SWAP_COMPLETIONS }),
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
    check("swap_proposals_counter_round_check", sql`${t.counterRound} BETWEEN 0 AND 5`),
    check(
      "swap_proposals_offer_by_check",
      sql`${t.offerById} IS NULL OR ${t.offerById} = ${t.proposerId} OR ${t.offerById} = ${t.receiverId}`,
    ),
    check(
      "swap_proposals_accepted_at_check",
      sql`${t.status} NOT IN ('accepted', 'arranging', 'completed') OR ${t.acceptedAt} IS NOT NULL`,
    ),
    check("swap_proposals_handshake_at_check", sql`${t.status} <> 'arranging' OR ${t.handshakeAt} IS NOT NULL`),
    check(
      "swap_proposals_completed_how_check",
      sql`${t.completedHow} IS NULL OR ${inList(t.completedHow, SWAP_COMPLETIONS)}`,
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
    // The quiet-week job: arranging swaps by handshake time.
    index("swap_proposals_arranging_idx").on(t.handshakeAt).where(sql`${t.status} = 'arranging'`),
    // Admin list, newest first.
    index("swap_proposals_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    // Reports: swaps completed per day.
    index("swap_proposals_completed_at_idx").on(t.completedAt).where(sql`${t.completedAt} IS NOT NULL`),
  ],
);

/** Which side of a deal a listing is on: given by the proposer (offered), or asked of the receiver (wanted). */
export const SWAP_ITEM_SIDES = ["offered", "wanted"] as const;
export type SwapItemSide = (typeof SWAP_ITEM_SIDES)[number];

/**
 * Every listing in a swap (issue 29, decision 103): a bundle offers up to 3 of the proposer's listings and asks up
 * to 2 of the receiver's. The first of each side (position 0) is also on the proposal itself (offered_listing_id,
 * target_listing_id), which the cards, threads and notices name; these rows are what reserving, releasing and
 * declining act on. A counter-offer rewrites them. A trigger (migration 0027) writes the two lead rows for every
 * new proposal, whoever inserts it.
 */
export const swapProposalItems = pgTable(
  "swap_proposal_items",
  {
    swapProposalId: uuid("swap_proposal_id")
      .notNull()
      .references(() => swapProposals.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "restrict" }),
    side: text("side", { enum: SWAP_ITEM_SIDES }).notNull(),
    position: smallint("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.swapProposalId, t.listingId] }),
    check("swap_proposal_items_side_check", inList(t.side, SWAP_ITEM_SIDES)),
    check("swap_proposal_items_position_check", sql`${t.position} BETWEEN 0 AND 2`),
    uniqueIndex("swap_proposal_items_slot_idx").on(t.swapProposalId, t.side, t.position),
    // Accepting declines every other pending proposal that holds any of the deal's listings.
    index("swap_proposal_items_listing_idx").on(t.listingId),
  ],
);

/** One review per party per completed swap; a member's rating is the average of reviews received, each
 *  counterpart weighted once. Double-blind: a review is shown (revealed_at set) once both sides have written
 *  one, or 14 days after the swap was completed. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A review belongs to a swap or to a swap circle (decision 111), never both.
    swapProposalId: uuid("swap_proposal_id").references(() => swapProposals.id, { onDelete: "cascade" }),
    circleId: uuid("circle_id").references(() => swapCircles.id, { onDelete: "cascade" }),
    reviewerId: text("reviewer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    revieweeId: text("reviewee_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    rating: smallint("rating").notNull(),
    comment: text("comment"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    // NULL while hidden (double-blind); set when every party has reviewed, or by the job 14 days after completion.
    revealedAt: tstz("revealed_at"),
    // The reviewed member's one public reply.
    reply: text("reply"),
    repliedAt: tstz("replied_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
    check("reviews_comment_check", sql`${t.comment} IS NULL OR char_length(${t.comment}) <= 1000`),
    check("reviews_distinct_parties_check", sql`${t.reviewerId} <> ${t.revieweeId}`),
    check(
      "reviews_tags_check",
      sql`${t.tags} <@ ${sql.raw(`ARRAY[${REVIEW_TAGS.map((x) => `'${x}'`).join(", ")}]::text[]`)}`,
    ),
    check("reviews_reply_check", sql`${t.reply} IS NULL OR char_length(${t.reply}) BETWEEN 1 AND 1000`),
    check("reviews_replied_at_check", sql`(${t.reply} IS NULL) = (${t.repliedAt} IS NULL)`),
    check("reviews_one_deal_check", sql`(${t.swapProposalId} IS NULL) <> (${t.circleId} IS NULL)`),
    uniqueIndex("reviews_one_per_reviewer_idx").on(t.swapProposalId, t.reviewerId),
    // In a circle each member reviews once: the member they got their item from.
    uniqueIndex("reviews_one_per_circle_reviewer_idx")
      .on(t.circleId, t.reviewerId)
      .where(sql`${t.circleId} IS NOT NULL`),
    // Rating average per member.
    index("reviews_reviewee_idx").on(t.revieweeId),
    // The reveal job: hidden reviews, oldest first.
    index("reviews_hidden_idx").on(t.createdAt).where(sql`${t.revealedAt} IS NULL`),
  ],
);

/** What "Arranging" agrees on: a proposed time and place, agreed or declined by the other side (one live at a time). */
export const MEETING_STATUSES = ["proposed", "agreed", "declined", "replaced"] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

export const swapMeetings = pgTable(
  "swap_meetings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    swapProposalId: uuid("swap_proposal_id")
      .notNull()
      .references(() => swapProposals.id, { onDelete: "cascade" }),
    proposedBy: text("proposed_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    meetAt: tstz("meet_at").notNull(),
    place: text("place").notNull(),
    status: text("status", { enum: MEETING_STATUSES }).notNull().default("proposed"),
    respondedAt: tstz("responded_at"),
    // The reminder notice two hours before an agreed meeting, sent once.
    remindedAt: tstz("reminded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("swap_meetings_status_check", inList(t.status, MEETING_STATUSES)),
    check("swap_meetings_place_check", sql`char_length(${t.place}) BETWEEN 1 AND 200`),
    uniqueIndex("swap_meetings_one_live_idx").on(t.swapProposalId).where(sql`${t.status} IN ('proposed', 'agreed')`),
    index("swap_meetings_swap_idx").on(t.swapProposalId, t.createdAt),
    // The reminder job: agreed meetings not yet reminded, by time.
    index("swap_meetings_reminder_idx").on(t.meetAt).where(sql`${t.status} = 'agreed' AND ${t.remindedAt} IS NULL`),
  ],
);

/** "Report a problem" on a paid swap: a dispute the back office's Swaps page resolves. */
export const SWAP_PROBLEM_KINDS = ["no_show", "not_as_described", "unsafe", "other"] as const;
export type SwapProblemKind = (typeof SWAP_PROBLEM_KINDS)[number];
export const SWAP_PROBLEM_STATUSES = ["open", "resolved"] as const;
export type SwapProblemStatus = (typeof SWAP_PROBLEM_STATUSES)[number];
export const MAX_PROBLEM_PICTURES = 4;

export const swapProblems = pgTable(
  "swap_problems",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A problem is reported on a swap or on a swap circle (decision 112), never both.
    swapProposalId: uuid("swap_proposal_id").references(() => swapProposals.id, { onDelete: "cascade" }),
    circleId: uuid("circle_id").references(() => swapCircles.id, { onDelete: "cascade" }),
    reportedBy: text("reported_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SWAP_PROBLEM_KINDS }).notNull(),
    details: text("details").notNull(),
    // Storage keys of the evidence pictures (private: the two members and staff only).
    pictureKeys: text("picture_keys").array().notNull().default(sql`'{}'::text[]`),
    status: text("status", { enum: SWAP_PROBLEM_STATUSES }).notNull().default("open"),
    resolution: text("resolution"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: tstz("resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("swap_problems_kind_check", inList(t.kind, SWAP_PROBLEM_KINDS)),
    check("swap_problems_status_check", inList(t.status, SWAP_PROBLEM_STATUSES)),
    check("swap_problems_details_check", sql`char_length(${t.details}) BETWEEN 1 AND 2000`),
    check(
      "swap_problems_pictures_check",
      sql`cardinality(${t.pictureKeys}) <= ${sql.raw(String(MAX_PROBLEM_PICTURES))}`,
    ),
    check("swap_problems_resolution_check", sql`${t.resolution} IS NULL OR char_length(${t.resolution}) <= 2000`),
    check("swap_problems_resolved_check", sql`${t.status} <> 'resolved' OR ${t.resolvedAt} IS NOT NULL`),
    // One open problem per member per swap (a circle's rows have no swap: NULLs never collide).
    check("swap_problems_one_deal_check", sql`(${t.swapProposalId} IS NULL) <> (${t.circleId} IS NULL)`),
    uniqueIndex("swap_problems_one_open_idx").on(t.swapProposalId, t.reportedBy).where(sql`${t.status} = 'open'`),
    // One open problem per member per circle; the circle's quiet week waits while one is open.
    uniqueIndex("swap_problems_one_open_in_circle_idx")
      .on(t.circleId, t.reportedBy)
      .where(sql`${t.status} = 'open' AND ${t.circleId} IS NOT NULL`),
    index("swap_problems_swap_idx").on(t.swapProposalId),
    index("swap_problems_circle_idx").on(t.circleId).where(sql`${t.circleId} IS NOT NULL`),
    // Reliability: reported no-shows against a member are read through their swaps.
    index("swap_problems_status_idx").on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);
