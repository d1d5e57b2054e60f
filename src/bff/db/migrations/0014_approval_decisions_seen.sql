CREATE TABLE "approval_decisions_seen" (
	"username" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp (3) with time zone NOT NULL
);
