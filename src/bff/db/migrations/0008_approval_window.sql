ALTER TABLE "approvals" ADD COLUMN "window_bookings" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "unapproved_gross_cent" bigint;