DROP INDEX "mail_outbox_created_at_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_unsent_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
UPDATE "mail_outbox" AS m SET "seq" = o.n FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "mail_outbox") AS o WHERE m."id" = o."id";--> statement-breakpoint
CREATE INDEX "mail_outbox_seq_idx" ON "mail_outbox" USING btree ("seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("seq") WHERE "mail_outbox"."sent_at" IS NULL;