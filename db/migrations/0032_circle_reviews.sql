ALTER TABLE "reviews" ALTER COLUMN "swap_proposal_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "circle_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_circle_id_swap_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."swap_circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_circle_reviewer_idx" ON "reviews" USING btree ("circle_id","reviewer_id") WHERE "reviews"."circle_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_one_deal_check" CHECK (("reviews"."swap_proposal_id" IS NULL) <> ("reviews"."circle_id" IS NULL));