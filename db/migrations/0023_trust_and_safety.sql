CREATE TABLE "swap_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"swap_proposal_id" uuid NOT NULL,
	"proposed_by" text NOT NULL,
	"meet_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"responded_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swap_meetings_status_check" CHECK ("swap_meetings"."status" IN ('proposed', 'agreed', 'declined', 'replaced')),
	CONSTRAINT "swap_meetings_place_check" CHECK (char_length("swap_meetings"."place") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "swap_problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"swap_proposal_id" uuid NOT NULL,
	"reported_by" text NOT NULL,
	"kind" text NOT NULL,
	"details" text NOT NULL,
	"picture_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swap_problems_kind_check" CHECK ("swap_problems"."kind" IN ('no_show', 'not_as_described', 'unsafe', 'other')),
	CONSTRAINT "swap_problems_status_check" CHECK ("swap_problems"."status" IN ('open', 'resolved')),
	CONSTRAINT "swap_problems_details_check" CHECK (char_length("swap_problems"."details") BETWEEN 1 AND 2000),
	CONSTRAINT "swap_problems_pictures_check" CHECK (cardinality("swap_problems"."picture_keys") <= 4),
	CONSTRAINT "swap_problems_resolution_check" CHECK ("swap_problems"."resolution" IS NULL OR char_length("swap_problems"."resolution") <= 2000),
	CONSTRAINT "swap_problems_resolved_check" CHECK ("swap_problems"."status" <> 'resolved' OR "swap_problems"."resolved_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"template" text,
	"user_id" text,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "sms_outbox_body_check" CHECK (char_length("sms_outbox"."body") BETWEEN 1 AND 480)
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"subject" text NOT NULL,
	"listing_id" uuid,
	"decision_at" timestamp with time zone NOT NULL,
	"acted_by" text,
	"statement" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_subject_check" CHECK ("appeals"."subject" IN ('suspension', 'listing')),
	CONSTRAINT "appeals_status_check" CHECK ("appeals"."status" IN ('pending', 'upheld', 'reversed')),
	CONSTRAINT "appeals_listing_check" CHECK (("appeals"."subject" = 'listing') = ("appeals"."listing_id" IS NOT NULL)),
	CONSTRAINT "appeals_statement_check" CHECK (char_length("appeals"."statement") BETWEEN 1 AND 2000),
	CONSTRAINT "appeals_decided_check" CHECK (("appeals"."status" = 'pending') = ("appeals"."decided_at" IS NULL) AND ("appeals"."status" = 'pending' OR "appeals"."decision_reason" IS NOT NULL)),
	CONSTRAINT "appeals_reason_check" CHECK ("appeals"."decision_reason" IS NULL OR char_length("appeals"."decision_reason") BETWEEN 1 AND 1000),
	CONSTRAINT "appeals_second_pair_of_eyes_check" CHECK ("appeals"."decided_by" IS NULL OR "appeals"."acted_by" IS NULL OR "appeals"."decided_by" <> "appeals"."acted_by")
);
--> statement-breakpoint
CREATE TABLE "picture_hashes" (
	"picture_key" text PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"hash" bigint NOT NULL,
	"band0" integer NOT NULL,
	"band1" integer NOT NULL,
	"band2" integer NOT NULL,
	"band3" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scam_signals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"listing_id" uuid,
	"score" smallint NOT NULL,
	"explanation" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scam_signals_kind_check" CHECK ("scam_signals"."kind" IN ('same_photo', 'contact_before_handshake', 'far_proposals', 'shared_address', 'scam_wording', 'weighted_reports')),
	CONSTRAINT "scam_signals_status_check" CHECK ("scam_signals"."status" IN ('open', 'dismissed', 'actioned')),
	CONSTRAINT "scam_signals_score_check" CHECK ("scam_signals"."score" BETWEEN 0 AND 100),
	CONSTRAINT "scam_signals_explanation_check" CHECK (char_length("scam_signals"."explanation") BETWEEN 1 AND 1000),
	CONSTRAINT "scam_signals_notes_check" CHECK ("scam_signals"."review_notes" IS NULL OR char_length("scam_signals"."review_notes") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "phone_confirmations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_confirmations_attempts_check" CHECK ("phone_confirmations"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "swap_proposals" DROP CONSTRAINT "swap_proposals_status_check";--> statement-breakpoint
ALTER TABLE "swap_proposals" DROP CONSTRAINT "swap_proposals_accepted_at_check";--> statement-breakpoint
ALTER TABLE "moderation_reports" DROP CONSTRAINT "moderation_reports_subject_check";--> statement-breakpoint
ALTER TABLE "feature_flags" DROP CONSTRAINT "feature_flags_key_check";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "phone_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "name_display" text DEFAULT 'first_initial' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "signup_address" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "rating_average" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "vehicle_id" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "revealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD COLUMN "handshake_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD COLUMN "proposer_swapped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD COLUMN "receiver_swapped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD COLUMN "completed_how" text;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "review_id" uuid;--> statement-breakpoint
ALTER TABLE "swap_meetings" ADD CONSTRAINT "swap_meetings_swap_proposal_id_swap_proposals_id_fk" FOREIGN KEY ("swap_proposal_id") REFERENCES "public"."swap_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_meetings" ADD CONSTRAINT "swap_meetings_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_problems" ADD CONSTRAINT "swap_problems_swap_proposal_id_swap_proposals_id_fk" FOREIGN KEY ("swap_proposal_id") REFERENCES "public"."swap_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_problems" ADD CONSTRAINT "swap_problems_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_problems" ADD CONSTRAINT "swap_problems_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_acted_by_users_id_fk" FOREIGN KEY ("acted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_hashes" ADD CONSTRAINT "picture_hashes_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_hashes" ADD CONSTRAINT "picture_hashes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scam_signals" ADD CONSTRAINT "scam_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scam_signals" ADD CONSTRAINT "scam_signals_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scam_signals" ADD CONSTRAINT "scam_signals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_confirmations" ADD CONSTRAINT "phone_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "swap_meetings_one_live_idx" ON "swap_meetings" USING btree ("swap_proposal_id") WHERE "swap_meetings"."status" IN ('proposed', 'agreed');--> statement-breakpoint
CREATE INDEX "swap_meetings_swap_idx" ON "swap_meetings" USING btree ("swap_proposal_id","created_at");--> statement-breakpoint
CREATE INDEX "swap_meetings_reminder_idx" ON "swap_meetings" USING btree ("meet_at") WHERE "swap_meetings"."status" = 'agreed' AND "swap_meetings"."reminded_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "swap_problems_one_open_idx" ON "swap_problems" USING btree ("swap_proposal_id","reported_by") WHERE "swap_problems"."status" = 'open';--> statement-breakpoint
CREATE INDEX "swap_problems_swap_idx" ON "swap_problems" USING btree ("swap_proposal_id");--> statement-breakpoint
CREATE INDEX "swap_problems_status_idx" ON "swap_problems" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sms_outbox_seq_idx" ON "sms_outbox" USING btree ("seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_outbox_unsent_idx" ON "sms_outbox" USING btree ("seq") WHERE "sms_outbox"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sms_outbox_user_seq_idx" ON "sms_outbox" USING btree ("user_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_once_idx" ON "appeals" USING btree ("user_id","subject",coalesce("listing_id"::text, ''),"decision_at");--> statement-breakpoint
CREATE INDEX "appeals_status_idx" ON "appeals" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appeals_listing_idx" ON "appeals" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "picture_hashes_band0_idx" ON "picture_hashes" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "picture_hashes_band1_idx" ON "picture_hashes" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "picture_hashes_band2_idx" ON "picture_hashes" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "picture_hashes_band3_idx" ON "picture_hashes" USING btree ("band3");--> statement-breakpoint
CREATE INDEX "picture_hashes_listing_idx" ON "picture_hashes" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scam_signals_dedupe_idx" ON "scam_signals" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "scam_signals_status_idx" ON "scam_signals" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scam_signals_user_idx" ON "scam_signals" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scam_signals_listing_idx" ON "scam_signals" USING btree ("listing_id");--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_signup_address_idx" ON "profiles" USING btree ("signup_address","created_at") WHERE "profiles"."signup_address" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_hidden_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."revealed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "swap_proposals_arranging_idx" ON "swap_proposals" USING btree ("handshake_at") WHERE "swap_proposals"."status" = 'arranging';--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_reports_one_pending_review_idx" ON "moderation_reports" USING btree ("review_id","reported_by") WHERE "moderation_reports"."status" = 'pending' AND "moderation_reports"."review_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_name_display_check" CHECK ("profiles"."name_display" IN ('first_initial', 'full'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_phone_confirmed_check" CHECK ("profiles"."phone_confirmed_at" IS NULL OR "profiles"."phone" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_vehicle_id_check" CHECK ("listings"."vehicle_id" IS NULL OR ("listings"."vehicle_id" ~ '^[A-Z0-9]{5,17}$' AND "listings"."category" IN ('cars_vehicles', 'motorcycles', 'boats_marine')));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tags_check" CHECK ("reviews"."tags" <@ ARRAY['as_described', 'on_time', 'friendly', 'not_as_described', 'no_show']::text[]);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_check" CHECK ("reviews"."reply" IS NULL OR char_length("reviews"."reply") BETWEEN 1 AND 1000);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_replied_at_check" CHECK (("reviews"."reply" IS NULL) = ("reviews"."replied_at" IS NULL));--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD CONSTRAINT "swap_proposals_handshake_at_check" CHECK ("swap_proposals"."status" <> 'arranging' OR "swap_proposals"."handshake_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD CONSTRAINT "swap_proposals_completed_how_check" CHECK ("swap_proposals"."completed_how" IS NULL OR "swap_proposals"."completed_how" IN ('confirmed', 'timed_out'));--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD CONSTRAINT "swap_proposals_status_check" CHECK ("swap_proposals"."status" IN ('pending', 'accepted', 'rejected', 'withdrawn', 'expired', 'arranging', 'completed'));--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD CONSTRAINT "swap_proposals_accepted_at_check" CHECK ("swap_proposals"."status" NOT IN ('accepted', 'arranging', 'completed') OR "swap_proposals"."accepted_at" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_subject_check" CHECK ("moderation_reports"."subject" IN ('listing', 'message', 'review'));--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_key_check" CHECK ("feature_flags"."key" IN ('enable_swap_payments', 'enable_moderation', 'enable_auto_takedown', 'enable_rate_limiting', 'enable_ip_allowlist', 'enable_signal_holds'));--> statement-breakpoint
-- Written by hand from here. The signal hold flag, on by default (it only holds for staff; it never deletes).
INSERT INTO "feature_flags" ("key", "enabled") VALUES ('enable_signal_holds', true) ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
-- Swaps completed before the handshake became "arranging" keep their completion as the handshake's time.
UPDATE "swap_proposals" SET "handshake_at" = coalesce("completed_at", "accepted_at") WHERE "status" = 'completed';--> statement-breakpoint
-- Reviews written before double-blind reviews were always shown.
UPDATE "reviews" SET "revealed_at" = "created_at";--> statement-breakpoint
-- The profile's review figures now count revealed reviews only, and the shown rating weights each counterpart once
-- (the mean of each reviewer's mean). Recomputed for the one member from their reviews (reviews_reviewee_idx).
CREATE OR REPLACE FUNCTION "profile_review_totals"(member text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "profiles" ("user_id", "review_count", "rating_total", "rating_average")
  SELECT member, coalesce(sum(n), 0)::int, coalesce(sum(total), 0)::int, avg(total::float8 / n)
  FROM (SELECT count(*) AS n, sum("rating") AS total FROM "reviews"
        WHERE "reviewee_id" = member AND "revealed_at" IS NOT NULL GROUP BY "reviewer_id") AS per_reviewer
  ON CONFLICT ("user_id") DO UPDATE SET "review_count" = excluded."review_count",
    "rating_total" = excluded."rating_total", "rating_average" = excluded."rating_average";
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "reviews_keep_profile_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN PERFORM "profile_review_totals"(OLD."reviewee_id"); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."reviewee_id" IS DISTINCT FROM OLD."reviewee_id") THEN
    PERFORM "profile_review_totals"(NEW."reviewee_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "reviews_profile_totals" ON "reviews";--> statement-breakpoint
CREATE TRIGGER "reviews_profile_totals" AFTER INSERT OR DELETE OR UPDATE OF "rating", "reviewee_id", "revealed_at" ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "reviews_keep_profile_totals"();--> statement-breakpoint
SELECT "profile_review_totals"(m."reviewee_id") FROM (SELECT DISTINCT "reviewee_id" FROM "reviews") AS m;
