-- Bundles and counter-offers (issue 29, decision 103): every listing in a swap, by side, and who made the offer on
-- the table now with how many counters it has had.
CREATE TABLE "swap_proposal_items" (
	"swap_proposal_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"side" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "swap_proposal_items_swap_proposal_id_listing_id_pk" PRIMARY KEY("swap_proposal_id","listing_id"),
	CONSTRAINT "swap_proposal_items_side_check" CHECK ("swap_proposal_items"."side" IN ('offered', 'wanted')),
	CONSTRAINT "swap_proposal_items_position_check" CHECK ("swap_proposal_items"."position" BETWEEN 0 AND 2)
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" DROP CONSTRAINT "conversation_messages_event_kind_check";--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD COLUMN "offer_by_id" text;--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD COLUMN "counter_round" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "swap_proposal_items" ADD CONSTRAINT "swap_proposal_items_swap_proposal_id_swap_proposals_id_fk" FOREIGN KEY ("swap_proposal_id") REFERENCES "public"."swap_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_proposal_items" ADD CONSTRAINT "swap_proposal_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "swap_proposal_items_slot_idx" ON "swap_proposal_items" USING btree ("swap_proposal_id","side","position");--> statement-breakpoint
CREATE INDEX "swap_proposal_items_listing_idx" ON "swap_proposal_items" USING btree ("listing_id");--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD CONSTRAINT "swap_proposals_offer_by_id_users_id_fk" FOREIGN KEY ("offer_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD CONSTRAINT "swap_proposals_counter_round_check" CHECK ("swap_proposals"."counter_round" BETWEEN 0 AND 5);--> statement-breakpoint
ALTER TABLE "swap_proposals" ADD CONSTRAINT "swap_proposals_offer_by_check" CHECK ("swap_proposals"."offer_by_id" IS NULL OR "swap_proposals"."offer_by_id" = "swap_proposals"."proposer_id" OR "swap_proposals"."offer_by_id" = "swap_proposals"."receiver_id");--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_event_kind_check" CHECK ("conversation_messages"."event_kind" IS NULL OR "conversation_messages"."event_kind" IN ('proposal', 'accepted', 'paid', 'review', 'meeting_proposed', 'meeting_agreed', 'swapped', 'completed', 'countered'));--> statement-breakpoint
-- Every proposal made before bundles holds its two listings, one on each side.
INSERT INTO "swap_proposal_items" ("swap_proposal_id", "listing_id", "side", "position")
SELECT "id", "offered_listing_id", 'offered', 0 FROM "swap_proposals"
UNION ALL
SELECT "id", "target_listing_id", 'wanted', 0 FROM "swap_proposals";
--> statement-breakpoint
-- A proposal always holds at least its two lead listings: whatever writes a proposal (the app, a seed, a test's
-- factory) gets them, so reserving, releasing and declining never miss one. A bundle's further listings, and a
-- counter-offer's new set, are written by the use case (core/swaps/deal-items.ts).
CREATE FUNCTION "swap_proposal_lead_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "swap_proposal_items" ("swap_proposal_id", "listing_id", "side", "position")
  VALUES (NEW."id", NEW."offered_listing_id", 'offered', 0), (NEW."id", NEW."target_listing_id", 'wanted', 0)
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "swap_proposals_lead_items" AFTER INSERT ON "swap_proposals"
  FOR EACH ROW EXECUTE FUNCTION "swap_proposal_lead_items"();
