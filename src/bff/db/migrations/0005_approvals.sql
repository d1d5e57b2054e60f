CREATE TABLE "approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"body_text" text NOT NULL,
	"digest" text NOT NULL,
	"user_id" text NOT NULL,
	"contract_id" text,
	"input_id" text,
	"campaign_id" text,
	"total_gross_cent" bigint NOT NULL,
	"totals" json NOT NULL,
	"campaign_summary" json,
	"requested_by" text NOT NULL,
	"requested_by_display_name" text,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"decided_by" text,
	"decided_by_display_name" text,
	"decided_at" timestamp (3) with time zone,
	"signature" text,
	"reason" text,
	"upstream_status" integer,
	"upstream_body" json,
	"outcome" text,
	"sent_at" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_campaigns" ADD COLUMN "approval_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "approvals_status_requested_at_idx" ON "approvals" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "approvals_campaign_id_idx" ON "approvals" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "approvals_input_id_idx" ON "approvals" USING btree ("input_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_pending_input_id_idx" ON "approvals" USING btree ("user_id","contract_id","input_id") WHERE "approvals"."status" = 'pending' and "approvals"."kind" = 'charge';--> statement-breakpoint
-- What an approval covers, and what its approver is shown, never changes: not through the BFF, not through a stray UPDATE by hand.
CREATE FUNCTION "approvals_keep_request"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.method IS DISTINCT FROM OLD.method OR NEW.path IS DISTINCT FROM OLD.path
		OR NEW.body_text IS DISTINCT FROM OLD.body_text OR NEW.digest IS DISTINCT FROM OLD.digest
		OR NEW.requested_by IS DISTINCT FROM OLD.requested_by OR NEW.kind IS DISTINCT FROM OLD.kind
		OR NEW.campaign_id IS DISTINCT FROM OLD.campaign_id OR NEW.user_id IS DISTINCT FROM OLD.user_id
		OR NEW.contract_id IS DISTINCT FROM OLD.contract_id OR NEW.input_id IS DISTINCT FROM OLD.input_id
		OR NEW.total_gross_cent IS DISTINCT FROM OLD.total_gross_cent
		OR NEW.totals::text IS DISTINCT FROM OLD.totals::text
		OR NEW.campaign_summary::text IS DISTINCT FROM OLD.campaign_summary::text
		OR NEW.requested_at IS DISTINCT FROM OLD.requested_at OR NEW.expires_at IS DISTINCT FROM OLD.expires_at THEN
		RAISE EXCEPTION 'an approval request is immutable: withdraw it and request anew';
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "approvals_keep_request" BEFORE UPDATE ON "approvals" FOR EACH ROW EXECUTE FUNCTION "approvals_keep_request"();
