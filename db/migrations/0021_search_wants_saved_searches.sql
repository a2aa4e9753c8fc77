CREATE TABLE "saved_search_matches" (
	"saved_search_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_pkey" PRIMARY KEY("saved_search_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"source" text DEFAULT 'search' NOT NULL,
	"listing_id" uuid,
	"q" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"radius_km" integer,
	"category" text,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"condition" text,
	"min_value" integer,
	"max_value" integer,
	"frequency" text DEFAULT 'instantly' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"geo_cells" integer[],
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_source_check" CHECK ("saved_searches"."source" IN ('search', 'listing_wants', 'looking_for')),
	CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" IN ('instantly', 'daily', 'weekly')),
	CONSTRAINT "saved_searches_category_check" CHECK ("saved_searches"."category" IS NULL OR "saved_searches"."category" IN ('cars_vehicles', 'motorcycles', 'boats_marine', 'tradie_tools', 'electronics', 'home_garden', 'sports_outdoors', 'fashion', 'collectibles', 'other')),
	CONSTRAINT "saved_searches_condition_check" CHECK ("saved_searches"."condition" IS NULL OR "saved_searches"."condition" IN ('new', 'like_new', 'good', 'fair', 'for_parts')),
	CONSTRAINT "saved_searches_name_check" CHECK (char_length("saved_searches"."name") BETWEEN 1 AND 80),
	CONSTRAINT "saved_searches_q_check" CHECK (char_length("saved_searches"."q") <= 100),
	CONSTRAINT "saved_searches_categories_check" CHECK (cardinality("saved_searches"."categories") <= 3),
	CONSTRAINT "saved_searches_listing_check" CHECK (("saved_searches"."source" = 'listing_wants') = ("saved_searches"."listing_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "listings" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', CASE "category" WHEN 'cars_vehicles' THEN 'cars vehicles car vehicle automobile ute utility pickup truck van wagon hatch hatchback sedan suv 4wd 4x4 caravan camper' WHEN 'motorcycles' THEN 'motorcycles motorcycle motorbike motorbikes motor bike scooter moped dirtbike trailbike' WHEN 'boats_marine' THEN 'boats marine boat dinghy tinny runabout kayak canoe jetski outboard yacht sailboat' WHEN 'tradie_tools' THEN 'tradie tools tool power tools hand tools trade workshop' WHEN 'electronics' THEN 'electronics electronic gadget tech computer laptop phone mobile tv television camera audio console' WHEN 'home_garden' THEN 'home garden household furniture appliance kitchen homewares outdoor' WHEN 'sports_outdoors' THEN 'sports outdoors sport outdoor fitness gym camping bicycle bike cycling fishing' WHEN 'fashion' THEN 'fashion clothing clothes apparel shoes footwear jewellery accessories' WHEN 'collectibles' THEN 'collectibles collectable collectables collectible antique antiques vintage memorabilia' WHEN 'other' THEN 'other' ELSE '' END), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C')) STORED;--> statement-breakpoint
-- Dropping the column dropped its index: made again over the new vector (title A, category words B, description C).
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search_vector","geo_cells") WHERE "listings"."status" = 'active';--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "looking_for" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "wants" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "wants_categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_unnotified_idx" ON "saved_search_matches" USING btree ("saved_search_id","matched_at") WHERE "saved_search_matches"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "saved_search_matches_listing_idx" ON "saved_search_matches" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "saved_searches_terms_idx" ON "saved_searches" USING gin ("terms") WHERE NOT "saved_searches"."paused";--> statement-breakpoint
CREATE INDEX "saved_searches_category_idx" ON "saved_searches" USING btree ("category") WHERE NOT "saved_searches"."paused" AND cardinality("saved_searches"."terms") = 0;--> statement-breakpoint
CREATE INDEX "saved_searches_categories_idx" ON "saved_searches" USING gin ("categories") WHERE NOT "saved_searches"."paused" AND cardinality("saved_searches"."terms") = 0;--> statement-breakpoint
CREATE INDEX "saved_searches_cells_idx" ON "saved_searches" USING gin ("geo_cells") WHERE NOT "saved_searches"."paused";--> statement-breakpoint
CREATE INDEX "saved_searches_listing_idx" ON "saved_searches" USING btree ("listing_id") WHERE "saved_searches"."listing_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_looking_for_check" CHECK (cardinality("profiles"."looking_for") <= 10);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_wants_check" CHECK (char_length("listings"."wants") <= 500);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_wants_categories_check" CHECK (cardinality("listings"."wants_categories") <= 3 AND "listings"."wants_categories" <@ ARRAY['cars_vehicles', 'motorcycles', 'boats_marine', 'tradie_tools', 'electronics', 'home_garden', 'sports_outdoors', 'fashion', 'collectibles', 'other']::text[]);