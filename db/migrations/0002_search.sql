-- Added by hand: drizzle-kit does not manage extensions. pg_trgm is a trusted extension (PostgreSQL 13+), so the
-- database owner may create it; PGlite loads it at construction (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "listings_geo_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "geo_cells" integer[] GENERATED ALWAYS AS (CASE WHEN "latitude" IS NULL OR "longitude" IS NULL THEN NULL ELSE ARRAY[floor("latitude" * 5)::int * 10000 + floor("longitude" * 5)::int] END) STORED;--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search_vector","geo_cells") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_title_trgm_idx" ON "listings" USING gin ("title" gin_trgm_ops,"geo_cells") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_value_min_idx" ON "listings" USING btree ("value_min","id") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_value_max_idx" ON "listings" USING btree ("value_max","id") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_geo_idx" ON "listings" USING btree ("latitude","longitude","user_id","id") WHERE "listings"."status" = 'active';