CREATE TABLE "seed_records" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"record_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seed_records_pkey" PRIMARY KEY("kind","key"),
	CONSTRAINT "seed_records_kind_check" CHECK ("seed_records"."kind" IN ('staff', 'listing'))
);
