// Handshake-fee payments, the provider webhooks that settle them, and the account-credit ledger.
// Money is integer cents everywhere.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, inList, tstz, updatedAt } from "./columns";
import { swapCircles } from "./swap-circles";
import { swapProposals } from "./swaps";

/** AUD 9.99 per party, once per accepted swap. */
export const HANDSHAKE_FEE_CENTS = 999;
/** What the admin "Apply credit" action grants. */
export const ADMIN_CREDIT_CENTS = 500;

/** pending (checkout open) -> held (authorised on the card, or credit set aside; nothing charged yet) ->
 *  completed (captured: both sides held, the handshake happened) | released (the hold was let go: the swap lapsed
 *  or closed, nothing charged). pending -> failed. completed -> refunded. Decision 102. */
export const PAYMENT_STATUSES = ["pending", "held", "completed", "released", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** local/stripe: a card checkout; credit: fully covered by account credit; waived: payments flag off. */
export const PAYMENT_PROVIDERS = ["local", "stripe", "credit", "waived"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** One row per payment attempt by one party for one deal: a swap, or a swap circle (decision 105). */
export const paymentLogs = pgTable(
  "payment_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // RESTRICT: payment history must never disappear with a swap or a member (members are anonymised).
    // The deal the fee is for: a swap, or a swap circle (exactly one of the two).
    swapProposalId: uuid("swap_proposal_id").references(() => swapProposals.id, { onDelete: "restrict" }),
    swapCircleId: uuid("swap_circle_id").references(() => swapCircles.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    // Charged through the provider (0 for credit/waived).
    amountCents: integer("amount_cents").notNull(),
    // Part of the fee paid from account credit (mirrored by a negative credit_ledger row), so that
    // fee revenue = amount_cents + credit_cents.
    creditCents: integer("credit_cents").notNull().default(0),
    currency: text("currency").notNull().default("aud"),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    paymentIntentId: text("payment_intent_id"),
    checkoutSessionId: text("checkout_session_id"),
    errorMessage: text("error_message"),
    refundedAt: tstz("refunded_at"),
    // When the hold was captured (status completed) or let go (status released).
    capturedAt: tstz("captured_at"),
    releasedAt: tstz("released_at"),
    // Why a hold is to be let go (swap_lapsed, swap_cancelled, charged_twice, paid_after_close) until released_at.
    releaseReason: text("release_reason"),
    // A process claimed this hold to capture or release it at the provider; others leave it alone for a while, so
    // a hold is captured once however many processes run the sweep (settle-holds.ts).
    settlingAt: tstz("settling_at"),
    // Why this payment is owed back (charged_twice, paid_after_close, swap_lapsed) until refunded_at is set.
    refundReason: text("refund_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payment_logs_amount_check", sql`${t.amountCents} >= 0`),
    check("payment_logs_one_deal_check", sql`(${t.swapProposalId} IS NULL) <> (${t.swapCircleId} IS NULL)`),
    check("payment_logs_credit_check", sql`${t.creditCents} >= 0`),
    check("payment_logs_currency_check", sql`${t.currency} ~ '^[a-z]{3}$'`),
    check("payment_logs_status_check", inList(t.status, PAYMENT_STATUSES)),
    check("payment_logs_provider_check", inList(t.provider, PAYMENT_PROVIDERS)),
    check("payment_logs_refunded_check", sql`${t.status} <> 'refunded' OR ${t.refundedAt} IS NOT NULL`),
    check("payment_logs_released_check", sql`${t.status} <> 'released' OR ${t.releasedAt} IS NOT NULL`),
    // Provider ids are unique: a webhook can find its row, and can never create a second one.
    uniqueIndex("payment_logs_payment_intent_idx").on(t.paymentIntentId).where(sql`${t.paymentIntentId} IS NOT NULL`),
    uniqueIndex("payment_logs_checkout_session_idx")
      .on(t.checkoutSessionId)
      .where(sql`${t.checkoutSessionId} IS NOT NULL`),
    // A party holds or pays a swap's fee at most once (a released or refunded payment no longer counts).
    uniqueIndex("payment_logs_one_completed_idx")
      .on(t.swapProposalId, t.userId)
      .where(sql`${t.status} IN ('held', 'completed')`),
    // A member of a circle holds or pays its fee at most once too.
    uniqueIndex("payment_logs_one_completed_circle_idx")
      .on(t.swapCircleId, t.userId)
      .where(sql`${t.status} IN ('held', 'completed')`),
    // Holds the sweep still has to capture (held, by swap) or let go (marked, not yet released): both stay tiny,
    // so the sweep on every tick never walks the failed or completed history.
    index("payment_logs_held_idx").on(t.swapProposalId).where(sql`${t.status} = 'held'`),
    index("payment_logs_release_due_idx")
      .on(t.id)
      .where(sql`${t.releaseReason} IS NOT NULL AND ${t.releasedAt} IS NULL`),
    index("payment_logs_swap_idx").on(t.swapProposalId, t.createdAt),
    index("payment_logs_circle_idx").on(t.swapCircleId, t.createdAt),
    index("payment_logs_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("payment_logs_status_idx").on(t.status, t.createdAt.desc().nullsFirst()),
    // The Payments page filtered by provider (and status): a rare pair must not walk every payment.
    index("payment_logs_provider_status_idx").on(t.provider, t.status, t.createdAt.desc().nullsFirst()),
    index("payment_logs_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    // Reports: refunds per day.
    index("payment_logs_refunded_at_idx").on(t.refundedAt).where(sql`${t.refundedAt} IS NOT NULL`),
    // Refunds still owed, for the job that makes them.
    index("payment_logs_refund_owed_idx")
      .on(t.id)
      .where(sql`${t.refundReason} IS NOT NULL AND ${t.refundedAt} IS NULL`),
  ],
);

export const WEBHOOK_EVENT_STATUSES = ["received", "processed", "failed"] as const;
export type WebhookEventStatus = (typeof WEBHOOK_EVENT_STATUSES)[number];

/** Every verified webhook, stored before processing. The provider's event id is the primary key, so a
 *  redelivered event hits ON CONFLICT and is processed once; stored payloads make "replay" possible. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: ["local", "stripe"] }).notNull(),
    // e.g. checkout.session.completed, payment_intent.payment_failed
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: tstz("received_at").notNull().defaultNow(),
    processedAt: tstz("processed_at"),
    status: text("status", { enum: WEBHOOK_EVENT_STATUSES }).notNull().default("received"),
    error: text("error"),
  },
  (t) => [
    check("webhook_events_provider_check", inList(t.provider, ["local", "stripe"])),
    check("webhook_events_status_check", inList(t.status, WEBHOOK_EVENT_STATUSES)),
    // Replay: events of given types in the last 24 hours.
    index("webhook_events_type_idx").on(t.type, t.receivedAt),
  ],
);

export const CREDIT_REASONS = ["admin_credit", "handshake_fee", "refund", "reversal"] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** Append-only account credit: balance = SUM(amount_cents) per user. No mutable balance column, so every
 *  cent has a reason and an author. Spend under a row lock on the member's profile so it cannot overdraw. */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    // Positive = credit granted/returned; negative = credit spent.
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason", { enum: CREDIT_REASONS }).notNull(),
    // The swap (or swap circle) whose fee the credit paid (handshake_fee) or which was refunded/reversed.
    swapProposalId: uuid("swap_proposal_id").references(() => swapProposals.id, { onDelete: "restrict" }),
    swapCircleId: uuid("swap_circle_id").references(() => swapCircles.id, { onDelete: "restrict" }),
    // The admin who granted it; NULL for system entries.
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("credit_ledger_amount_check", sql`${t.amountCents} <> 0`),
    check("credit_ledger_reason_check", inList(t.reason, CREDIT_REASONS)),
    // Sign follows the reason; a reversal undoes an earlier row and may go either way.
    check(
      "credit_ledger_sign_check",
      sql`${t.reason} = 'reversal' OR (${t.reason} = 'handshake_fee') = (${t.amountCents} < 0)`,
    ),
    index("credit_ledger_user_idx").on(t.userId, t.createdAt),
  ],
);
