CREATE TABLE "contact_detail_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"kinds" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_detail_attempts_kinds_check" CHECK (cardinality("contact_detail_attempts"."kinds") >= 1)
);
--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" text,
	"kind" text NOT NULL,
	"body" text,
	"event_kind" text,
	"event_payload" jsonb,
	"masked_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"removed_at" timestamp with time zone,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_messages_kind_check" CHECK ("conversation_messages"."kind" IN ('text', 'event')),
	CONSTRAINT "conversation_messages_event_kind_check" CHECK ("conversation_messages"."event_kind" IS NULL OR "conversation_messages"."event_kind" IN ('proposal', 'accepted', 'paid', 'review')),
	CONSTRAINT "conversation_messages_shape_check" CHECK (CASE "conversation_messages"."kind"
        WHEN 'text' THEN "conversation_messages"."event_kind" IS NULL AND (
          ("conversation_messages"."removed_at" IS NULL AND "conversation_messages"."body" IS NOT NULL AND char_length("conversation_messages"."body") BETWEEN 1 AND 2000)
          OR ("conversation_messages"."removed_at" IS NOT NULL AND "conversation_messages"."body" IS NULL))
        ELSE "conversation_messages"."event_kind" IS NOT NULL AND "conversation_messages"."body" IS NULL END)
);
--> statement-breakpoint
CREATE TABLE "conversation_reads" (
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_reads_pkey" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid,
	"listing_title" text NOT NULL,
	"asker_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"swap_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	CONSTRAINT "conversations_distinct_members_check" CHECK ("conversations"."asker_id" <> "conversations"."owner_id"),
	CONSTRAINT "conversations_listing_title_check" CHECK (char_length("conversations"."listing_title") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "member_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_blocks_pkey" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "member_blocks_distinct_members_check" CHECK ("member_blocks"."blocker_id" <> "member_blocks"."blocked_id")
);
--> statement-breakpoint
ALTER TABLE "contact_detail_attempts" ADD CONSTRAINT "contact_detail_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_detail_attempts" ADD CONSTRAINT "contact_detail_attempts_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_detail_attempts" ADD CONSTRAINT "contact_detail_attempts_message_id_conversation_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."conversation_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_asker_id_users_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_swap_id_swap_proposals_id_fk" FOREIGN KEY ("swap_id") REFERENCES "public"."swap_proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_detail_attempts_user_idx" ON "contact_detail_attempts" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_detail_attempts_message_idx" ON "contact_detail_attempts" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_messages_thread_idx" ON "conversation_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "conversation_messages_sender_idx" ON "conversation_messages" USING btree ("sender_id") WHERE "conversation_messages"."sender_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_listing_asker_idx" ON "conversations" USING btree ("listing_id","asker_id");--> statement-breakpoint
CREATE INDEX "conversations_asker_inbox_idx" ON "conversations" USING btree ("asker_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "conversations"."last_message_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_owner_inbox_idx" ON "conversations" USING btree ("owner_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "conversations"."last_message_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_swap_idx" ON "conversations" USING btree ("swap_id") WHERE "conversations"."swap_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "member_blocks_blocked_idx" ON "member_blocks" USING btree ("blocked_id");