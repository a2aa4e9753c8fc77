ALTER TABLE "profiles" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_review_totals_check" CHECK ("profiles"."review_count" >= 0 AND "profiles"."rating_total" >= 0);--> statement-breakpoint
-- Written by hand: drizzle-kit does not generate triggers. Keeps profiles.review_count/rating_total equal to
-- count(*)/sum(rating) of the reviews each member received, whoever writes the reviews (app, seed, bench).
CREATE FUNCTION "reviews_keep_profile_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "profiles" SET "review_count" = "review_count" - 1, "rating_total" = "rating_total" - OLD."rating"
    WHERE "user_id" = OLD."reviewee_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "profiles" ("user_id", "review_count", "rating_total") VALUES (NEW."reviewee_id", 1, NEW."rating")
    ON CONFLICT ("user_id") DO UPDATE
      SET "review_count" = "profiles"."review_count" + 1, "rating_total" = "profiles"."rating_total" + NEW."rating";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reviews_profile_totals" AFTER INSERT OR DELETE OR UPDATE OF "rating", "reviewee_id" ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "reviews_keep_profile_totals"();--> statement-breakpoint
UPDATE "profiles" AS p SET "review_count" = r.n, "rating_total" = r.total
FROM (SELECT "reviewee_id", count(*)::int AS n, sum("rating")::int AS total FROM "reviews" GROUP BY "reviewee_id") AS r
WHERE r."reviewee_id" = p."user_id";
