-- Fee holds (issue 29, decision 102): a fee is held on the card (or in credit) until both sides hold, then captured; a
-- hold whose swap lapses or closes is released and nothing is charged.
ALTER TABLE "payment_logs" DROP CONSTRAINT "payment_logs_status_check";--> statement-breakpoint
DROP INDEX "payment_logs_one_completed_idx";--> statement-breakpoint
ALTER TABLE "payment_logs" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_logs" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_logs" ADD COLUMN "release_reason" text;--> statement-breakpoint
ALTER TABLE "payment_logs" ADD COLUMN "settling_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_logs_held_idx" ON "payment_logs" USING btree ("swap_proposal_id") WHERE "payment_logs"."status" = 'held';--> statement-breakpoint
CREATE INDEX "payment_logs_release_due_idx" ON "payment_logs" USING btree ("id") WHERE "payment_logs"."release_reason" IS NOT NULL AND "payment_logs"."released_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_logs_one_completed_idx" ON "payment_logs" USING btree ("swap_proposal_id","user_id") WHERE "payment_logs"."status" IN ('held', 'completed');--> statement-breakpoint
ALTER TABLE "payment_logs" ADD CONSTRAINT "payment_logs_released_check" CHECK ("payment_logs"."status" <> 'released' OR "payment_logs"."released_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "payment_logs" ADD CONSTRAINT "payment_logs_status_check" CHECK ("payment_logs"."status" IN ('pending', 'held', 'completed', 'released', 'failed', 'refunded'));--> statement-breakpoint
-- Fees paid before holds existed were charged at once: they count as captured when they were last settled.
UPDATE "payment_logs" SET "captured_at" = "updated_at" WHERE "status" IN ('completed', 'refunded') AND "provider" <> 'waived';
