ALTER TABLE "swap_circles" DROP CONSTRAINT "swap_circles_status_check";--> statement-breakpoint
ALTER TABLE "swap_circle_legs" ADD COLUMN "swapped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swap_circles" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swap_circles" ADD COLUMN "completed_how" text;--> statement-breakpoint
ALTER TABLE "swap_circles" ADD CONSTRAINT "swap_circles_completed_check" CHECK (("swap_circles"."status" = 'completed') = ("swap_circles"."completed_at" IS NOT NULL AND "swap_circles"."completed_how" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "swap_circles" ADD CONSTRAINT "swap_circles_completed_how_check" CHECK ("swap_circles"."completed_how" IN ('confirmed', 'timed_out'));--> statement-breakpoint
ALTER TABLE "swap_circles" ADD CONSTRAINT "swap_circles_status_check" CHECK ("swap_circles"."status" IN ('offered', 'accepted', 'arranging', 'completed', 'declined', 'lapsed', 'cancelled'));