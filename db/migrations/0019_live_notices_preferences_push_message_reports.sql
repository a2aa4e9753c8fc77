CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_pkey" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_email_check" CHECK ("notification_preferences"."email" IN ('immediately', 'digest', 'off'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_check" CHECK (char_length("push_subscriptions"."endpoint") <= 2048)
);
--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "subject" text DEFAULT 'listing' NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "digest_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_message_id_conversation_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."conversation_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_reports_one_pending_message_idx" ON "moderation_reports" USING btree ("message_id","reported_by") WHERE "moderation_reports"."status" = 'pending' AND "moderation_reports"."message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_digest_due_idx" ON "notifications" USING btree ("digest_due_at") WHERE "notifications"."digest_due_at" IS NOT NULL AND "notifications"."mailed_at" IS NULL AND "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_push_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."push_pending";--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_subject_check" CHECK ("moderation_reports"."subject" IN ('listing', 'message'));--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_message_subject_check" CHECK ("moderation_reports"."subject" = 'listing' OR "moderation_reports"."listing_id" IS NULL);--> statement-breakpoint
-- Threads written in before this migration: their latest line.
UPDATE "conversations" c SET "last_seq" = coalesce((SELECT max(m."seq") FROM "conversation_messages" m WHERE m."conversation_id" = c."id"), 0);
