CREATE TABLE "pending_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"keys" jsonb NOT NULL,
	"remove_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_files_remove_after_idx" ON "pending_files" USING btree ("remove_after");