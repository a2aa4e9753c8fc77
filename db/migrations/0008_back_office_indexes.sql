CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_status_created_idx" ON "profiles" USING btree ("status","created_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST) WHERE "profiles"."status" <> 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_moderation_created_idx" ON "listings" USING btree ("moderation_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."moderation_status" <> 'approved';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_status_created_idx" ON "listings" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" <> 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_title_all_trgm_idx" ON "listings" USING gin ("title" gin_trgm_ops);