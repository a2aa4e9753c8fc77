// Scam signals for staff (issue 28): each explains itself, lands in the Moderation Queue with a score, and acts on
// its own only through the enable_signal_holds flag. Picture hashes let "the same photo" be found across accounts.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, inList, tstz, updatedAt } from "./columns";
import { listings } from "./listings";

export const SIGNAL_KINDS = [
  // The same photo (by perceptual hash) on listings of different accounts.
  "same_photo",
  // Repeated attempts to send contact details before the handshake.
  "contact_before_handshake",
  // A new account proposing to many listings far apart in a short time.
  "far_proposals",
  // Many accounts created from one address in a day.
  "shared_address",
  // Payment-scam wording in a listing or a message.
  "scam_wording",
  // Reports against a member, weighted by the reporters' standing.
  "weighted_reports",
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** open -> dismissed (nothing wrong) | actioned (staff acted on it). */
export const SIGNAL_STATUSES = ["open", "dismissed", "actioned"] as const;
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];

export const scamSignals = pgTable(
  "scam_signals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: SIGNAL_KINDS }).notNull(),
    // The member the signal is about.
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The listing it is about, when there is one.
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "set null" }),
    // 0-100: how strongly it suggests a scam.
    score: smallint("score").notNull(),
    // For staff, in plain words: "Same photo as listing "Red kayak" by another account (jo@example.com)".
    explanation: text("explanation").notNull(),
    // What the explanation refers to (other listing, messages, addresses), for the staff page's links.
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    // One signal per thing noticed: a repeat updates the row (score, explanation) rather than adding one.
    dedupeKey: text("dedupe_key").notNull(),
    status: text("status", { enum: SIGNAL_STATUSES }).notNull().default("open"),
    // Whether the hold acted on it (listing or member held for staff).
    held: boolean("held").notNull().default(false),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: tstz("reviewed_at"),
    reviewNotes: text("review_notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("scam_signals_kind_check", inList(t.kind, SIGNAL_KINDS)),
    check("scam_signals_status_check", inList(t.status, SIGNAL_STATUSES)),
    check("scam_signals_score_check", sql`${t.score} BETWEEN 0 AND 100`),
    check("scam_signals_explanation_check", sql`char_length(${t.explanation}) BETWEEN 1 AND 1000`),
    check("scam_signals_notes_check", sql`${t.reviewNotes} IS NULL OR char_length(${t.reviewNotes}) <= 2000`),
    uniqueIndex("scam_signals_dedupe_idx").on(t.dedupeKey),
    // The Moderation Queue: open first, newest first.
    index("scam_signals_status_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    // The Users page: a member's signals.
    index("scam_signals_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("scam_signals_listing_idx").on(t.listingId),
  ],
);

/**
 * A 64-bit perceptual hash (dHash) of each listing picture, computed in the image pipeline. "The same photo" is a
 * Hamming distance of at most a few bits. The hash is cut into four 16-bit bands, each indexed: two hashes within
 * 3 bits of each other share at least one band exactly (pigeonhole), so a lookup reads a few index entries per
 * band instead of every hash.
 */
export const pictureHashes = pgTable(
  "picture_hashes",
  {
    pictureKey: text("picture_key").primaryKey(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    hash: bigint("hash", { mode: "bigint" }).notNull(),
    band0: integer("band0").notNull(),
    band1: integer("band1").notNull(),
    band2: integer("band2").notNull(),
    band3: integer("band3").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("picture_hashes_band0_idx").on(t.band0),
    index("picture_hashes_band1_idx").on(t.band1),
    index("picture_hashes_band2_idx").on(t.band2),
    index("picture_hashes_band3_idx").on(t.band3),
    index("picture_hashes_listing_idx").on(t.listingId),
  ],
);
