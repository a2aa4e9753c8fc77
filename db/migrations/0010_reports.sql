CREATE TABLE "report_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "report_daily_pkey" PRIMARY KEY("metric","day","key"),
	CONSTRAINT "report_daily_metric_check" CHECK ("report_daily"."metric" IN ('sign_ups', 'listings', 'category', 'suburb', 'proposals', 'accepted', 'completed', 'revenue_payments', 'revenue_cents', 'refund_payments', 'refund_cents')),
	CONSTRAINT "report_daily_value_check" CHECK ("report_daily"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listings_report_idx" ON "listings" USING btree ("created_at","category","suburb","state");--> statement-breakpoint
CREATE INDEX "swap_proposals_completed_at_idx" ON "swap_proposals" USING btree ("completed_at") WHERE "swap_proposals"."completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_logs_refunded_at_idx" ON "payment_logs" USING btree ("refunded_at") WHERE "payment_logs"."refunded_at" IS NOT NULL;