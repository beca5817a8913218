CREATE TABLE "sandbox_integration_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_integration_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_integration_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_integration_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_integration_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_campaign_settings" (
	"campaign_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_campaign_settings_campaign_id_connection_id_pk" PRIMARY KEY("campaign_id","connection_id")
);
--> statement-breakpoint
CREATE TABLE "integration_connections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed_secrets" text,
	"paused_reason" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"circuit_open_until" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disconnected_at" timestamp with time zone,
	CONSTRAINT "integration_connections_status" CHECK ("integration_connections"."status" in ('active', 'paused', 'disconnected'))
);
--> statement-breakpoint
CREATE TABLE "integration_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"connection_id" integer NOT NULL,
	"lead_id" bigint,
	"campaign_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"replayed_after" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"last_latency_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "integration_deliveries_status" CHECK ("integration_deliveries"."status" in ('queued', 'sending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "integration_delivery_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "integration_delivery_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"http_status" integer,
	"latency_ms" integer NOT NULL,
	"error" text,
	"request" text NOT NULL,
	CONSTRAINT "integration_delivery_attempts_outcome" CHECK ("integration_delivery_attempts"."outcome" in ('delivered', 'failed', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "integration_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"provider" text NOT NULL,
	"system_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"actor_user_id" integer,
	"code_verifier" text NOT NULL,
	"return_origin" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sandbox_integration_records" ADD CONSTRAINT "sandbox_integration_records_account_id_sandbox_integration_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_integration_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_integration_tokens" ADD CONSTRAINT "sandbox_integration_tokens_account_id_sandbox_integration_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sandbox_integration_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_campaign_settings" ADD CONSTRAINT "integration_campaign_settings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_campaign_settings" ADD CONSTRAINT "integration_campaign_settings_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_delivery_attempts" ADD CONSTRAINT "integration_delivery_attempts_delivery_id_integration_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."integration_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_oauth_states" ADD CONSTRAINT "integration_oauth_states_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_oauth_states" ADD CONSTRAINT "integration_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_integration_accounts_external" ON "sandbox_integration_accounts" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "sandbox_integration_records_account" ON "sandbox_integration_records" USING btree ("account_id","kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_integration_records_once" ON "sandbox_integration_records" USING btree ("provider","account_id","idempotency_key") WHERE "sandbox_integration_records"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "sandbox_integration_tokens_account" ON "sandbox_integration_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_one_per_provider" ON "integration_connections" USING btree ("company_id","provider") WHERE "integration_connections"."disconnected_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_deliveries_once_per_lead" ON "integration_deliveries" USING btree ("lead_id","connection_id") WHERE "integration_deliveries"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "integration_deliveries_due_idx" ON "integration_deliveries" USING btree ("connection_id","next_attempt_at","id") WHERE "integration_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "integration_deliveries_sending_idx" ON "integration_deliveries" USING btree ("connection_id") WHERE "integration_deliveries"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "integration_deliveries_console_idx" ON "integration_deliveries" USING btree ("connection_id","id");--> statement-breakpoint
CREATE INDEX "integration_deliveries_campaign_idx" ON "integration_deliveries" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "integration_delivery_attempts_delivery_idx" ON "integration_delivery_attempts" USING btree ("delivery_id","attempt");