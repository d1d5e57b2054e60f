CREATE TABLE "shared_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_by_name" text,
	"user_id" text NOT NULL,
	"contract_id" text NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text NOT NULL,
	"aggregation" text NOT NULL,
	"time_zone" text NOT NULL,
	"view" text NOT NULL,
	"compare" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"revoked_by" text,
	"open_count" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shared_reports_token_hash_idx" ON "shared_reports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "shared_reports_contract_idx" ON "shared_reports" USING btree ("user_id","contract_id","created_at");