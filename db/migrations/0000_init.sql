CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT false,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"two_factor_enabled" boolean DEFAULT false,
	"role" text,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"avatar_url" text,
	"phone" text,
	"location" text,
	"suburb" text,
	"state" text,
	"postcode" text,
	"latitude" double precision,
	"longitude" double precision,
	"status" text DEFAULT 'active' NOT NULL,
	"suspended_at" timestamp with time zone,
	"suspension_reason" text,
	"deleted_at" timestamp with time zone,
	"permanent_deletion_at" timestamp with time zone,
	"deletion_reason" text,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_status_check" CHECK ("profiles"."status" IN ('active', 'suspended', 'flagged')),
	CONSTRAINT "profiles_phone_check" CHECK ("profiles"."phone" IS NULL OR ("profiles"."phone" ~ '^[0-9 ()+-]+$' AND char_length("profiles"."phone") BETWEEN 8 AND 20)),
	CONSTRAINT "profiles_deletion_check" CHECK ("profiles"."deleted_at" IS NULL OR "profiles"."permanent_deletion_at" IS NOT NULL),
	CONSTRAINT "profiles_state_check" CHECK ("profiles"."state" IS NULL OR "profiles"."state" IN ('ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA')),
	CONSTRAINT "profiles_postcode_check" CHECK ("profiles"."postcode" IS NULL OR "profiles"."postcode" ~ '^[0-9]{4}$'),
	CONSTRAINT "profiles_coords_check" CHECK (("profiles"."latitude" IS NULL) = ("profiles"."longitude" IS NULL) AND ("profiles"."latitude" IS NULL OR
        ("profiles"."latitude" BETWEEN -90 AND 90 AND "profiles"."longitude" BETWEEN -180 AND 180)))
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_pkey" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" IN ('admin', 'moderator'))
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"condition" text NOT NULL,
	"value_min" integer NOT NULL,
	"value_max" integer NOT NULL,
	"location" text NOT NULL,
	"suburb" text NOT NULL,
	"state" text NOT NULL,
	"postcode" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"images" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"moderation_status" text DEFAULT 'approved' NOT NULL,
	"is_flagged" boolean DEFAULT false NOT NULL,
	"takedown_reason" text,
	"takedown_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_category_check" CHECK ("listings"."category" IN ('cars_vehicles', 'motorcycles', 'boats_marine', 'tradie_tools', 'electronics', 'home_garden', 'sports_outdoors', 'fashion', 'collectibles', 'other')),
	CONSTRAINT "listings_condition_check" CHECK ("listings"."condition" IN ('new', 'like_new', 'good', 'fair', 'for_parts')),
	CONSTRAINT "listings_status_check" CHECK ("listings"."status" IN ('active', 'reserved', 'swapped', 'cancelled', 'deleted')),
	CONSTRAINT "listings_moderation_status_check" CHECK ("listings"."moderation_status" IN ('pending', 'approved', 'rejected', 'takedown')),
	CONSTRAINT "listings_title_check" CHECK (char_length("listings"."title") BETWEEN 1 AND 200),
	CONSTRAINT "listings_description_check" CHECK (char_length("listings"."description") <= 5000),
	CONSTRAINT "listings_value_min_check" CHECK ("listings"."value_min" >= 1),
	CONSTRAINT "listings_value_max_check" CHECK ("listings"."value_max" >= "listings"."value_min" AND "listings"."value_max" <= 1000000),
	CONSTRAINT "listings_images_check" CHECK (CASE WHEN jsonb_typeof("listings"."images") = 'array'
        THEN jsonb_array_length("listings"."images") BETWEEN 1 AND 8 ELSE false END),
	CONSTRAINT "listings_deleted_check" CHECK ("listings"."status" <> 'deleted' OR "listings"."deleted_at" IS NOT NULL),
	CONSTRAINT "listings_state_check" CHECK ("listings"."state" IS NULL OR "listings"."state" IN ('ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA')),
	CONSTRAINT "listings_postcode_check" CHECK ("listings"."postcode" IS NULL OR "listings"."postcode" ~ '^[0-9]{4}$'),
	CONSTRAINT "listings_coords_check" CHECK (("listings"."latitude" IS NULL) = ("listings"."longitude" IS NULL) AND ("listings"."latitude" IS NULL OR
        ("listings"."latitude" BETWEEN -90 AND 90 AND "listings"."longitude" BETWEEN -180 AND 180)))
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_pkey" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"swap_proposal_id" uuid NOT NULL,
	"reviewer_id" text NOT NULL,
	"reviewee_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_comment_check" CHECK ("reviews"."comment" IS NULL OR char_length("reviews"."comment") <= 1000),
	CONSTRAINT "reviews_distinct_parties_check" CHECK ("reviews"."reviewer_id" <> "reviews"."reviewee_id")
);
--> statement-breakpoint
CREATE TABLE "swap_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_listing_id" uuid NOT NULL,
	"offered_listing_id" uuid NOT NULL,
	"proposer_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposer_paid" boolean DEFAULT false NOT NULL,
	"receiver_paid" boolean DEFAULT false NOT NULL,
	"rejection_reason" text,
	"expires_at" timestamp with time zone DEFAULT now() + interval '48 hours' NOT NULL,
	"accepted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"is_disputed" boolean DEFAULT false NOT NULL,
	"dispute_notes" text,
	"dispute_resolved_at" timestamp with time zone,
	"dispute_resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swap_proposals_status_check" CHECK ("swap_proposals"."status" IN ('pending', 'accepted', 'rejected', 'withdrawn', 'expired', 'completed')),
	CONSTRAINT "swap_proposals_distinct_listings_check" CHECK ("swap_proposals"."offered_listing_id" <> "swap_proposals"."target_listing_id"),
	CONSTRAINT "swap_proposals_distinct_parties_check" CHECK ("swap_proposals"."proposer_id" <> "swap_proposals"."receiver_id"),
	CONSTRAINT "swap_proposals_message_check" CHECK ("swap_proposals"."message" IS NULL OR char_length("swap_proposals"."message") BETWEEN 1 AND 1000),
	CONSTRAINT "swap_proposals_accepted_at_check" CHECK ("swap_proposals"."status" NOT IN ('accepted', 'completed') OR "swap_proposals"."accepted_at" IS NOT NULL),
	CONSTRAINT "swap_proposals_completed_at_check" CHECK ("swap_proposals"."status" <> 'completed' OR "swap_proposals"."completed_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"swap_proposal_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_amount_check" CHECK ("credit_ledger"."amount_cents" <> 0),
	CONSTRAINT "credit_ledger_reason_check" CHECK ("credit_ledger"."reason" IN ('admin_credit', 'handshake_fee', 'refund', 'reversal')),
	CONSTRAINT "credit_ledger_sign_check" CHECK ("credit_ledger"."reason" = 'reversal' OR ("credit_ledger"."reason" = 'handshake_fee') = ("credit_ledger"."amount_cents" < 0))
);
--> statement-breakpoint
CREATE TABLE "payment_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"swap_proposal_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'aud' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"payment_intent_id" text,
	"checkout_session_id" text,
	"error_message" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_logs_amount_check" CHECK ("payment_logs"."amount_cents" >= 0),
	CONSTRAINT "payment_logs_credit_check" CHECK ("payment_logs"."credit_cents" >= 0),
	CONSTRAINT "payment_logs_currency_check" CHECK ("payment_logs"."currency" ~ '^[a-z]{3}$'),
	CONSTRAINT "payment_logs_status_check" CHECK ("payment_logs"."status" IN ('pending', 'completed', 'failed', 'refunded')),
	CONSTRAINT "payment_logs_provider_check" CHECK ("payment_logs"."provider" IN ('local', 'stripe', 'credit', 'waived')),
	CONSTRAINT "payment_logs_refunded_check" CHECK ("payment_logs"."status" <> 'refunded' OR "payment_logs"."refunded_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"status" text DEFAULT 'received' NOT NULL,
	"error" text,
	CONSTRAINT "webhook_events_provider_check" CHECK ("webhook_events"."provider" IN ('local', 'stripe')),
	CONSTRAINT "webhook_events_status_check" CHECK ("webhook_events"."status" IN ('received', 'processed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "moderation_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid,
	"reported_by" text,
	"reason" text NOT NULL,
	"notes" text,
	"evidence_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_reports_reason_check" CHECK ("moderation_reports"."reason" IN ('inappropriate', 'spam', 'fraud', 'duplicate', 'prohibited', 'copyright', 'other')),
	CONSTRAINT "moderation_reports_status_check" CHECK ("moderation_reports"."status" IN ('pending', 'approved', 'rejected', 'takedown')),
	CONSTRAINT "moderation_reports_notes_check" CHECK ("moderation_reports"."notes" IS NULL OR char_length("moderation_reports"."notes") <= 2000),
	CONSTRAINT "moderation_reports_evidence_check" CHECK (cardinality("moderation_reports"."evidence_urls") <= 10)
);
--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_audit_log_target_type_check" CHECK ("admin_audit_log"."target_type" IN ('user', 'listing', 'swap', 'payment', 'report', 'system'))
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" text,
	"target_id" text
);
--> statement-breakpoint
CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	"event_type" text NOT NULL,
	"attempted_action" text,
	"success" boolean NOT NULL,
	"error_message" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"key" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "feature_flags_key_check" CHECK ("feature_flags"."key" IN ('enable_swap_payments', 'enable_moderation', 'enable_auto_takedown', 'enable_rate_limiting', 'enable_ip_allowlist'))
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"run_key" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	"error" text,
	CONSTRAINT "job_runs_pkey" PRIMARY KEY("job","run_key")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"template" text,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_limits_count_check" CHECK ("rate_limits"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "snapshots" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"path" text NOT NULL,
	"size_bytes" bigint,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_swap_proposal_id_swap_proposals_id_fk" FOREIGN KEY ("swap_proposal_id") REFERENCES "public"."swap_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewee_id_users_id_fk" FOREIGN KEY ("reviewee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD CONSTRAINT "swap_proposals_target_listing_id_listings_id_fk" FOREIGN KEY ("target_listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD CONSTRAINT "swap_proposals_offered_listing_id_listings_id_fk" FOREIGN KEY ("offered_listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD CONSTRAINT "swap_proposals_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD CONSTRAINT "swap_proposals_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_swap_proposal_id_swap_proposals_id_fk" FOREIGN KEY ("swap_proposal_id") REFERENCES "public"."swap_proposals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_logs" ADD CONSTRAINT "payment_logs_swap_proposal_id_swap_proposals_id_fk" FOREIGN KEY ("swap_proposal_id") REFERENCES "public"."swap_proposals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_logs" ADD CONSTRAINT "payment_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_user_id_idx" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_purge_idx" ON "profiles" USING btree ("permanent_deletion_at") WHERE "profiles"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_feed_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_category_feed_idx" ON "listings" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_geo_idx" ON "listings" USING btree ("latitude","longitude") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_user_idx" ON "listings" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_created_at_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "favourites_listing_idx" ON "favourites" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_reviewer_idx" ON "reviews" USING btree ("swap_proposal_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "reviews_reviewee_idx" ON "reviews" USING btree ("reviewee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "swap_proposals_one_pending_per_pair_idx" ON "swap_proposals" USING btree ("offered_listing_id","target_listing_id") WHERE "swap_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "swap_proposals_receiver_idx" ON "swap_proposals" USING btree ("receiver_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "swap_proposals_proposer_idx" ON "swap_proposals" USING btree ("proposer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "swap_proposals_target_pending_idx" ON "swap_proposals" USING btree ("target_listing_id") WHERE "swap_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "swap_proposals_offered_pending_idx" ON "swap_proposals" USING btree ("offered_listing_id") WHERE "swap_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "swap_proposals_expiry_idx" ON "swap_proposals" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "swap_proposals_created_at_idx" ON "swap_proposals" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_logs_payment_intent_idx" ON "payment_logs" USING btree ("payment_intent_id") WHERE "payment_logs"."payment_intent_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_logs_checkout_session_idx" ON "payment_logs" USING btree ("checkout_session_id") WHERE "payment_logs"."checkout_session_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_logs_one_completed_idx" ON "payment_logs" USING btree ("swap_proposal_id","user_id") WHERE "payment_logs"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "payment_logs_swap_idx" ON "payment_logs" USING btree ("swap_proposal_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_logs_user_idx" ON "payment_logs" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_logs_status_idx" ON "payment_logs" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_logs_created_at_idx" ON "payment_logs" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_events_type_idx" ON "webhook_events" USING btree ("type","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_reports_one_pending_idx" ON "moderation_reports" USING btree ("listing_id","reported_by") WHERE "moderation_reports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "moderation_reports_status_idx" ON "moderation_reports" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_reports_listing_idx" ON "moderation_reports" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_at_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_logs_created_at_idx" ON "audit_logs" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "security_events_type_idx" ON "security_events" USING btree ("event_type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "security_events_created_at_idx" ON "security_events" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "security_events_user_idx" ON "security_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");