ALTER TABLE "bulk_rows" ADD COLUMN "failing_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "bulk_rows" ADD COLUMN "unanswered" boolean DEFAULT false NOT NULL;