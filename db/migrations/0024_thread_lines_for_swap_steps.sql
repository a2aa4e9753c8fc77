ALTER TABLE "conversation_messages" DROP CONSTRAINT "conversation_messages_event_kind_check";--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_event_kind_check" CHECK ("conversation_messages"."event_kind" IS NULL OR "conversation_messages"."event_kind" IN ('proposal', 'accepted', 'paid', 'review', 'meeting_proposed', 'meeting_agreed', 'swapped', 'completed'));--> statement-breakpoint
-- Written by hand: steps written before they had kinds of their own were "accepted" lines naming the step.
UPDATE "conversation_messages" SET "event_kind" = "event_payload"->>'step', "event_payload" = "event_payload" - 'step'
WHERE "event_kind" = 'accepted' AND "event_payload"->>'step' IN ('meeting_proposed', 'meeting_agreed', 'swapped', 'completed');
