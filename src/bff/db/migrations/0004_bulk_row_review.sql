ALTER TABLE "bulk_rows" ADD COLUMN "review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "bulk_rows_input_id_idx" ON "bulk_rows" USING btree ("input_id");--> statement-breakpoint
CREATE INDEX "bulk_rows_user_id_idx" ON "bulk_rows" USING btree ("user_id");