CREATE TABLE "payment_accounts" (
	"gateway" text NOT NULL,
	"account_id" text NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"status" text NOT NULL,
	"charges_enabled" boolean NOT NULL,
	"payouts_enabled" boolean NOT NULL,
	"requirements" jsonb NOT NULL,
	"state_as_of" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_gateway_account_id_pk" PRIMARY KEY("gateway","account_id"),
	CONSTRAINT "payment_accounts_status" CHECK ("payment_accounts"."status" in ('pending', 'inverification', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"event_created" bigint NOT NULL,
	"connected_account_id" text,
	"object_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"business_name" text NOT NULL,
	"country" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"currently_due" jsonb NOT NULL,
	"past_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending_verification" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_reason" text,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"holder_name" text NOT NULL,
	"address" jsonb,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"customer_id" text NOT NULL,
	"card_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"amount_refunded" bigint DEFAULT 0 NOT NULL,
	"application_fee" bigint,
	"application_fee_refunded" bigint DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_amount_positive" CHECK ("sandbox_charges"."amount" > 0),
	CONSTRAINT "sandbox_charges_refund_range" CHECK ("sandbox_charges"."amount_refunded" between 0 and "sandbox_charges"."amount"),
	CONSTRAINT "sandbox_charges_fee_range" CHECK ("sandbox_charges"."application_fee" is null or "sandbox_charges"."application_fee" between 0 and "sandbox_charges"."amount")
);
--> statement-breakpoint
CREATE TABLE "sandbox_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"default_card_id" text,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_events" (
	"sequence" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_events_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" text NOT NULL,
	"type" text NOT NULL,
	"account_id" text,
	"object" jsonb NOT NULL,
	"created" integer NOT NULL,
	"deliveries" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	CONSTRAINT "sandbox_events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_idempotency" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"fingerprint" text NOT NULL,
	"result_id" text,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_idempotency_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"application_fee_refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"holder_name" text NOT NULL,
	"address" jsonb,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"destination_account_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_cards" ADD CONSTRAINT "sandbox_cards_customer_id_sandbox_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."sandbox_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD CONSTRAINT "sandbox_charges_account_id_sandbox_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD CONSTRAINT "sandbox_charges_customer_id_sandbox_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."sandbox_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD CONSTRAINT "sandbox_charges_card_id_sandbox_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."sandbox_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_customers" ADD CONSTRAINT "sandbox_customers_account_id_sandbox_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_charge_id_sandbox_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."sandbox_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ADD CONSTRAINT "sandbox_transfers_destination_account_id_sandbox_accounts_id_fk" FOREIGN KEY ("destination_account_id") REFERENCES "public"."sandbox_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_accounts_company_idx" ON "payment_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_gateway_event_idx" ON "payment_events" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_unprocessed_idx" ON "payment_events" USING btree ("received_at") WHERE "payment_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "sandbox_cards_customer_idx" ON "sandbox_cards" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sandbox_charges_account_idx" ON "sandbox_charges" USING btree ("account_id");