ALTER TABLE "saved_searches" ADD COLUMN "query" "tsquery";--> statement-breakpoint
-- Rows saved before this column (none outside a development database): their words as the search page read them then.
UPDATE "saved_searches" SET "query" = websearch_to_tsquery('english', "q") WHERE "q" <> '';
