ALTER TABLE "swap_circles" DROP CONSTRAINT "swap_circles_status_check";--> statement-breakpoint
ALTER TABLE "payment_logs" ALTER COLUMN "swap_proposal_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "swap_circle_legs" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swap_circles" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swap_circles" ADD COLUMN "handshake_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "swap_circle_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_logs" ADD COLUMN "swap_circle_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_swap_circle_id_swap_circles_id_fk" FOREIGN KEY ("swap_circle_id") REFERENCES "public"."swap_circles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_logs" ADD CONSTRAINT "payment_logs_swap_circle_id_swap_circles_id_fk" FOREIGN KEY ("swap_circle_id") REFERENCES "public"."swap_circles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swap_circles_payment_due_idx" ON "swap_circles" USING btree ("payment_due_at") WHERE "swap_circles"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_logs_one_completed_circle_idx" ON "payment_logs" USING btree ("swap_circle_id","user_id") WHERE "payment_logs"."status" IN ('held', 'completed');--> statement-breakpoint
CREATE INDEX "payment_logs_circle_idx" ON "payment_logs" USING btree ("swap_circle_id","created_at");--> statement-breakpoint
-- A circle accepted before fees existed gets the 48 hours from its acceptance (none are expected: nothing offered circles yet).
UPDATE "swap_circles" SET "payment_due_at" = "accepted_at" + interval '48 hours' WHERE "status" = 'accepted' AND "payment_due_at" IS NULL;--> statement-breakpoint
ALTER TABLE "swap_circles" ADD CONSTRAINT "swap_circles_payment_due_check" CHECK ("swap_circles"."status" <> 'accepted' OR "swap_circles"."payment_due_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "swap_circles" ADD CONSTRAINT "swap_circles_handshake_at_check" CHECK ("swap_circles"."status" <> 'arranging' OR "swap_circles"."handshake_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "swap_circles" ADD CONSTRAINT "swap_circles_status_check" CHECK ("swap_circles"."status" IN ('offered', 'accepted', 'arranging', 'declined', 'lapsed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "payment_logs" ADD CONSTRAINT "payment_logs_one_deal_check" CHECK (("payment_logs"."swap_proposal_id" IS NULL) <> ("payment_logs"."swap_circle_id" IS NULL));