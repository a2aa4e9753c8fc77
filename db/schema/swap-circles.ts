// Swap circles as proposals (issue 29, decision 104): two or three members, each giving one listing to the
// member who wants it. The circle is offered to all of them at once; every member accepts within 48 hours or it
// lapses, and the last acceptance reserves every listing at once.
import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, inList, tstz } from "./columns";
import { listings } from "./listings";

/** offered -> accepted (every member accepted: all listings reserved, each pays their fee within 48 hours) ->
 *  arranging (every fee held: the handshake, contact details shared, the fees captured) -> completed (every member
 *  confirmed "We've swapped", or a week passed after the handshake: decision 110).
 *  offered -> declined (a member said no) | lapsed (48 hours passed) | cancelled (a listing was taken or gone
 *  before the last acceptance). accepted -> lapsed (not every fee held within 48 hours: close_reason not_paid). */
export const CIRCLE_STATUSES = [
  "offered",
  "accepted",
  "arranging",
  "completed",
  "declined",
  "lapsed",
  "cancelled",
] as const;
/** How a circle was completed: every member confirmed, or the quiet week after the handshake passed. */
export const CIRCLE_COMPLETED_HOW = ["confirmed", "timed_out"] as const;
export type CircleStatus = (typeof CIRCLE_STATUSES)[number];

export const swapCircles = pgTable(
  "swap_circles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The finder's key (the listing ids in cycle order from the smallest): the same circle wherever it is found.
    key: text("key").notNull(),
    status: text("status", { enum: CIRCLE_STATUSES }).notNull().default("offered"),
    createdAt: createdAt(),
    // When the offer lapses unless every member has accepted (offer + 48 hours).
    expiresAt: tstz("expires_at").notNull(),
    // When the last member accepted, and when every fee must be held by (accepted + 48 hours).
    acceptedAt: tstz("accepted_at"),
    paymentDueAt: tstz("payment_due_at"),
    // When the last fee was held: the handshake (contact details shared between each giver and receiver).
    handshakeAt: tstz("handshake_at"),
    // When it was completed (decision 110), and how: every member confirmed, or a week after the handshake.
    completedAt: tstz("completed_at"),
    completedHow: text("completed_how", { enum: CIRCLE_COMPLETED_HOW }),
    // When it was declined, lapsed or cancelled; and by whom, for a decline.
    closedAt: tstz("closed_at"),
    closedById: text("closed_by_id").references(() => users.id, { onDelete: "set null" }),
    // Why a circle was closed: listing_gone (at the last acceptance), listing_taken (another deal took one),
    // not_paid (accepted, but not every fee was held within 48 hours).
    closeReason: text("close_reason"),
  },
  (t) => [
    check("swap_circles_status_check", inList(t.status, CIRCLE_STATUSES)),
    check("swap_circles_accepted_at_check", sql`${t.status} <> 'accepted' OR ${t.acceptedAt} IS NOT NULL`),
    check("swap_circles_payment_due_check", sql`${t.status} <> 'accepted' OR ${t.paymentDueAt} IS NOT NULL`),
    check("swap_circles_handshake_at_check", sql`${t.status} <> 'arranging' OR ${t.handshakeAt} IS NOT NULL`),
    check(
      "swap_circles_completed_check",
      sql`(${t.status} = 'completed') = (${t.completedAt} IS NOT NULL AND ${t.completedHow} IS NOT NULL)`,
    ),
    check("swap_circles_completed_how_check", inList(t.completedHow, CIRCLE_COMPLETED_HOW)),
    // The same circle is never open twice, however often the finder meets it.
    uniqueIndex("swap_circles_one_open_key_idx").on(t.key).where(sql`${t.status} IN ('offered', 'accepted')`),
    // Offering (decision 108): a circle a member declined, or that lapsed, is never offered again.
    index("swap_circles_key_idx").on(t.key),
    // The lapse sweep: offered circles past their expiry.
    index("swap_circles_expiry_idx").on(t.status, t.expiresAt),
    // The unpaid sweep: accepted circles past their payment deadline.
    index("swap_circles_payment_due_idx").on(t.paymentDueAt).where(sql`${t.status} = 'accepted'`),
  ],
);

/** One step of a circle: `giver` hands `listing` to `receiver`, in cycle order; each member accepts their own leg. */
export const swapCircleLegs = pgTable(
  "swap_circle_legs",
  {
    circleId: uuid("circle_id")
      .notNull()
      .references(() => swapCircles.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    giverId: text("giver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "restrict" }),
    receiverId: text("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // When the giver accepted the circle, and when their handshake fee was held.
    acceptedAt: tstz("accepted_at"),
    paidAt: tstz("paid_at"),
    // When the giver confirmed "We've swapped": they handed theirs over and have the one they get (decision 110).
    swappedAt: tstz("swapped_at"),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.position] }),
    check("swap_circle_legs_position_check", sql`${t.position} BETWEEN 0 AND 2`),
    uniqueIndex("swap_circle_legs_giver_idx").on(t.circleId, t.giverId),
    uniqueIndex("swap_circle_legs_listing_idx").on(t.circleId, t.listingId),
    // Accepting a deal cancels every open circle holding any of its listings.
    index("swap_circle_legs_by_listing_idx").on(t.listingId),
    // A member's circles.
    index("swap_circle_legs_by_giver_idx").on(t.giverId),
  ],
);
