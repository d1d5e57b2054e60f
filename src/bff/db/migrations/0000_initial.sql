CREATE TABLE "audit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"request_id" text NOT NULL,
	"username" text,
	"role" text,
	"operation" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"targets" json NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bff_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"last_seen_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"username" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_entries_time_idx" ON "audit_entries" USING btree ("time");--> statement-breakpoint
CREATE INDEX "audit_entries_username_time_idx" ON "audit_entries" USING btree ("username","time");--> statement-breakpoint
CREATE INDEX "audit_entries_operation_time_idx" ON "audit_entries" USING btree ("operation","time");--> statement-breakpoint
CREATE INDEX "sessions_username_idx" ON "sessions" USING btree ("username");--> statement-breakpoint
CREATE INDEX "sign_in_failures_key_at_idx" ON "sign_in_failures" USING btree ("key","at");