ALTER TABLE "sessions" ADD COLUMN "account_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;