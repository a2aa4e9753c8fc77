-- Written by hand: drizzle-kit does not generate triggers. Every change to what a visitor's page shows (a listing,
-- its owner's name, picture, suspension or rating, a review, a feature flag) notifies channel `page_cache` when its
-- transaction commits; each app process listens and drops its shared copies of visitor pages (decision 062).
-- Identical notifications in one transaction are delivered once, so a bulk change costs one message.
CREATE FUNCTION "page_cache_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_cache', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_page_cache" AFTER INSERT OR DELETE ON "listings"
  FOR EACH ROW EXECUTE FUNCTION "page_cache_changed"();--> statement-breakpoint
CREATE TRIGGER "listings_page_cache_update" AFTER UPDATE ON "listings"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "page_cache_changed"();--> statement-breakpoint
CREATE TRIGGER "listings_page_cache_truncate" AFTER TRUNCATE ON "listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_changed"();--> statement-breakpoint
-- A profile is made at sign-up, before its member has anything to show: only its changes count.
CREATE TRIGGER "profiles_page_cache" AFTER DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "page_cache_changed"();--> statement-breakpoint
CREATE TRIGGER "profiles_page_cache_update" AFTER UPDATE ON "profiles"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "page_cache_changed"();--> statement-breakpoint
CREATE TRIGGER "profiles_page_cache_truncate" AFTER TRUNCATE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_changed"();--> statement-breakpoint
CREATE TRIGGER "reviews_page_cache" AFTER INSERT OR DELETE OR UPDATE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "page_cache_changed"();--> statement-breakpoint
CREATE TRIGGER "reviews_page_cache_truncate" AFTER TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_changed"();--> statement-breakpoint
CREATE TRIGGER "feature_flags_page_cache" AFTER INSERT OR DELETE OR UPDATE ON "feature_flags"
  FOR EACH ROW EXECUTE FUNCTION "page_cache_changed"();--> statement-breakpoint
-- A member's sign-ins and settings change their row too; only what a visitor sees of them counts here.
CREATE TRIGGER "users_page_cache_update" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."image" IS DISTINCT FROM NEW."image" OR OLD."banned" IS DISTINCT FROM NEW."banned")
  EXECUTE FUNCTION "page_cache_changed"();--> statement-breakpoint
CREATE TRIGGER "users_page_cache_delete" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "page_cache_changed"();--> statement-breakpoint
CREATE TRIGGER "users_page_cache_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_changed"();
