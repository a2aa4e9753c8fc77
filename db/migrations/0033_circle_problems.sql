ALTER TABLE "admin_audit_log" DROP CONSTRAINT "admin_audit_log_target_type_check";--> statement-breakpoint
ALTER TABLE "swap_problems" ALTER COLUMN "swap_proposal_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "swap_problems" ADD COLUMN "circle_id" uuid;--> statement-breakpoint
ALTER TABLE "swap_problems" ADD CONSTRAINT "swap_problems_circle_id_swap_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."swap_circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "swap_problems_one_open_in_circle_idx" ON "swap_problems" USING btree ("circle_id","reported_by") WHERE "swap_problems"."status" = 'open' AND "swap_problems"."circle_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "swap_problems_circle_idx" ON "swap_problems" USING btree ("circle_id") WHERE "swap_problems"."circle_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "swap_problems" ADD CONSTRAINT "swap_problems_one_deal_check" CHECK (("swap_problems"."swap_proposal_id" IS NULL) <> ("swap_problems"."circle_id" IS NULL));--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_target_type_check" CHECK ("admin_audit_log"."target_type" IN ('user', 'listing', 'swap', 'circle', 'payment', 'report', 'system'));