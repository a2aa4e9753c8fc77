ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD COLUMN "waiting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "conversation_reads_waiting_idx" ON "conversation_reads" USING btree ("user_id") WHERE "conversation_reads"."waiting";--> statement-breakpoint
-- Threads written in before this migration: each member has a read row, waiting while a line of someone else's is
-- past their pointer.
INSERT INTO "conversation_reads" ("conversation_id", "user_id", "last_read_seq")
SELECT c."id", who."user_id", 0
FROM "conversations" c CROSS JOIN LATERAL (VALUES (c."asker_id"), (c."owner_id")) AS who("user_id")
WHERE c."last_seq" > 0
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "conversation_reads" r SET "waiting" = true
WHERE EXISTS (
  SELECT 1 FROM "conversation_messages" m
  WHERE m."conversation_id" = r."conversation_id" AND m."seq" > r."last_read_seq"
    AND m."sender_id" IS DISTINCT FROM r."user_id");
