ALTER TABLE "records" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE INDEX "records_request_id_idx" ON "records" USING btree ("request_id");