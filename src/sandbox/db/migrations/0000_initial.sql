CREATE TABLE "access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"scopes" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_executions" (
	"request_id" integer NOT NULL,
	"n" integer NOT NULL,
	"internal_id" text NOT NULL,
	"contract_id" text NOT NULL,
	"input_id" text NOT NULL,
	"type_of_transaction" text NOT NULL,
	"amount_cent" bigint NOT NULL,
	"is_gross" boolean NOT NULL,
	"vat_type" text NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"net_cent" bigint NOT NULL,
	"vat_cent" bigint NOT NULL,
	"gross_cent" bigint NOT NULL,
	"due_date" date NOT NULL,
	"category" text NOT NULL,
	"display_name" text NOT NULL,
	"explanation_text" text NOT NULL,
	"bookkeeping_account" text NOT NULL,
	"salespartner" text NOT NULL,
	CONSTRAINT "charge_executions_request_id_n_pk" PRIMARY KEY("request_id","n")
);
--> statement-breakpoint
CREATE TABLE "charge_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" text NOT NULL,
	"input_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consumer_migrations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"record" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_values" (
	"contract_id" text NOT NULL,
	"start_min" integer NOT NULL,
	"wh" integer NOT NULL,
	"cum_wh" bigint NOT NULL,
	"cum_n" integer NOT NULL,
	CONSTRAINT "feed_values_contract_id_start_min_pk" PRIMARY KEY("contract_id","start_min")
);
--> statement-breakpoint
CREATE TABLE "oauth_clients" (
	"client_id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"allowed_scopes" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producer_contracts" (
	"contract_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"description" text NOT NULL,
	"salespartner" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technical_resources" (
	"technical_resource_id" text PRIMARY KEY NOT NULL,
	"contract_id" text NOT NULL,
	"control_resource" text NOT NULL,
	"market_location_feed" text NOT NULL,
	"market_location_supply" text NOT NULL,
	"accounting_model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_client_id_oauth_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."oauth_clients"("client_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_executions" ADD CONSTRAINT "charge_executions_request_id_charge_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."charge_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_requests" ADD CONSTRAINT "charge_requests_contract_id_producer_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."producer_contracts"("contract_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_values" ADD CONSTRAINT "feed_values_contract_id_producer_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."producer_contracts"("contract_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producer_contracts" ADD CONSTRAINT "producer_contracts_user_id_producers_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."producers"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_resources" ADD CONSTRAINT "technical_resources_contract_id_producer_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."producer_contracts"("contract_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_expires_at" ON "access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "charge_requests_contract_input" ON "charge_requests" USING btree ("contract_id","input_id");