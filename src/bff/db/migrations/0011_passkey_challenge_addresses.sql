ALTER TABLE "passkey_challenges" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD COLUMN "issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "passkey_challenges_client_address_idx" ON "passkey_challenges" USING btree ("client_address","issued_at");