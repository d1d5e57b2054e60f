CREATE TABLE "records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"source_ref" text,
	"user_id" text,
	"contract_id" text,
	"input_id" text,
	"technical_resource_id" text,
	"subject_name" text,
	"market_location" text,
	"name_address_key" text,
	"sent" json NOT NULL,
	"upstream_status" integer,
	"upstream_body" json,
	"recorded_by" text NOT NULL,
	"recorded_by_display_name" text,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"answered_at" timestamp (3) with time zone,
	"duplicate_of" json NOT NULL,
	"acknowledged_duplicates" json NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"confirmed_by_retry" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_contracts" (
	"user_id" text NOT NULL,
	"contract_id" text NOT NULL,
	"last_recorded_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "record_contracts_user_id_contract_id_pk" PRIMARY KEY("user_id","contract_id")
);
--> statement-breakpoint
CREATE TABLE "record_terms" (
	"record_id" bigint NOT NULL,
	"operation" text NOT NULL,
	"term" text COLLATE "C" NOT NULL,
	CONSTRAINT "record_terms_record_id_term_pk" PRIMARY KEY("record_id","term")
);
--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "record_terms" ADD CONSTRAINT "record_terms_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "records_source_ref_idx" ON "records" USING btree ("source_ref");--> statement-breakpoint
CREATE INDEX "records_contract_idx" ON "records" USING btree ("user_id","contract_id","operation");--> statement-breakpoint
CREATE INDEX "records_contract_id_idx" ON "records" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "records_market_location_idx" ON "records" USING btree ("market_location");--> statement-breakpoint
CREATE INDEX "records_name_address_idx" ON "records" USING btree ("name_address_key");--> statement-breakpoint
CREATE INDEX "records_technical_resource_idx" ON "records" USING btree ("technical_resource_id");--> statement-breakpoint
CREATE INDEX "records_recorded_at_idx" ON "records" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "record_contracts_last_idx" ON "record_contracts" USING btree ("last_recorded_at");--> statement-breakpoint
CREATE INDEX "record_terms_term_idx" ON "record_terms" USING btree ("operation","term","record_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_user_id_idx" ON "audit_entries" USING btree ("user_id","time");--> statement-breakpoint
-- Entries from before: their userID target, where the row's text holds no escaped NUL (json's ->> fails on one).
UPDATE "audit_entries" SET "user_id" = "targets"->>'userID' WHERE strpos("targets"::text, '\u0000') = 0;
