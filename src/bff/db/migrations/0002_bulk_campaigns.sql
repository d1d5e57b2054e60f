CREATE TABLE "bulk_campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"owner" text NOT NULL,
	"owner_display_name" text,
	"owner_role" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_rows" (
	"campaign_id" text NOT NULL,
	"row" integer NOT NULL,
	"body" json NOT NULL,
	"user_id" text NOT NULL,
	"contract_id" text,
	"input_id" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message" text,
	"claimed_at" timestamp (3) with time zone,
	"retry_at" timestamp (3) with time zone,
	"done_at" timestamp (3) with time zone,
	CONSTRAINT "bulk_rows_campaign_id_row_pk" PRIMARY KEY("campaign_id","row")
);
--> statement-breakpoint
CREATE INDEX "bulk_rows_campaign_status_idx" ON "bulk_rows" USING btree ("campaign_id","status");