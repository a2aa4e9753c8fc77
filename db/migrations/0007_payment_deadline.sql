ALTER TABLE "swap_proposals" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_logs" ADD COLUMN "refund_reason" text;--> statement-breakpoint
-- Swaps accepted before deadlines existed get theirs: 48 hours after acceptance (already past for old ones, which the
-- next lapse run then closes, refunding whoever paid).
UPDATE "swap_proposals" SET "payment_due_at" = coalesce("accepted_at", now()) + interval '48 hours' WHERE "status" = 'accepted';--> statement-breakpoint
CREATE INDEX "swap_proposals_payment_due_idx" ON "swap_proposals" USING btree ("payment_due_at") WHERE "swap_proposals"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "payment_logs_refund_owed_idx" ON "payment_logs" USING btree ("id") WHERE "payment_logs"."refund_reason" IS NOT NULL AND "payment_logs"."refunded_at" IS NULL;--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD CONSTRAINT "swap_proposals_payment_due_check" CHECK ("swap_proposals"."status" <> 'accepted' OR "swap_proposals"."payment_due_at" IS NOT NULL);