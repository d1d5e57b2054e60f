ALTER TABLE "audit_entries" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "provider_session_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id_token" text;--> statement-breakpoint
CREATE INDEX "sessions_provider_session_id_idx" ON "sessions" USING btree ("provider_session_id");