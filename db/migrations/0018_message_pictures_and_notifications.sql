CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"event_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" DROP CONSTRAINT "conversation_messages_shape_check";--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "pictures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_user_idx" ON "notifications" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_shape_check" CHECK (CASE WHEN jsonb_typeof("conversation_messages"."pictures") <> 'array' OR jsonb_array_length("conversation_messages"."pictures") > 4 THEN false
        WHEN "conversation_messages"."kind" = 'text' THEN "conversation_messages"."event_kind" IS NULL AND (
          ("conversation_messages"."removed_at" IS NULL AND coalesce(char_length("conversation_messages"."body") <= 2000, true)
            AND (coalesce(char_length("conversation_messages"."body"), 0) >= 1 OR jsonb_array_length("conversation_messages"."pictures") >= 1))
          OR ("conversation_messages"."removed_at" IS NOT NULL AND "conversation_messages"."body" IS NULL AND jsonb_array_length("conversation_messages"."pictures") = 0))
        ELSE "conversation_messages"."event_kind" IS NOT NULL AND "conversation_messages"."body" IS NULL AND jsonb_array_length("conversation_messages"."pictures") = 0 END);