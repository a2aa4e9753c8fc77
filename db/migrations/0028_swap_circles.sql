-- Swap circles as proposals (issue 29, decision 104): the circle offered to its two or three members, and its legs
-- (who gives which listing to whom, and when each giver accepted).
CREATE TABLE "swap_circle_legs" (
	"circle_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"giver_id" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"receiver_id" text NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "swap_circle_legs_circle_id_position_pk" PRIMARY KEY("circle_id","position"),
	CONSTRAINT "swap_circle_legs_position_check" CHECK ("swap_circle_legs"."position" BETWEEN 0 AND 2)
);
--> statement-breakpoint
CREATE TABLE "swap_circles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by_id" text,
	"close_reason" text,
	CONSTRAINT "swap_circles_status_check" CHECK ("swap_circles"."status" IN ('offered', 'accepted', 'declined', 'lapsed', 'cancelled')),
	CONSTRAINT "swap_circles_accepted_at_check" CHECK ("swap_circles"."status" <> 'accepted' OR "swap_circles"."accepted_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "swap_circle_legs" ADD CONSTRAINT "swap_circle_legs_circle_id_swap_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."swap_circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_circle_legs" ADD CONSTRAINT "swap_circle_legs_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_circle_legs" ADD CONSTRAINT "swap_circle_legs_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_circle_legs" ADD CONSTRAINT "swap_circle_legs_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_circles" ADD CONSTRAINT "swap_circles_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "swap_circle_legs_giver_idx" ON "swap_circle_legs" USING btree ("circle_id","giver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "swap_circle_legs_listing_idx" ON "swap_circle_legs" USING btree ("circle_id","listing_id");--> statement-breakpoint
CREATE INDEX "swap_circle_legs_by_listing_idx" ON "swap_circle_legs" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "swap_circle_legs_by_giver_idx" ON "swap_circle_legs" USING btree ("giver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "swap_circles_one_open_key_idx" ON "swap_circles" USING btree ("key") WHERE "swap_circles"."status" IN ('offered', 'accepted');--> statement-breakpoint
CREATE INDEX "swap_circles_expiry_idx" ON "swap_circles" USING btree ("status","expires_at");