CREATE TABLE "campaign_limit_counters" (
	"campaign_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "campaign_limit_counters_campaign_id_period_key_pk" PRIMARY KEY("campaign_id","period_key"),
	CONSTRAINT "campaign_limit_counters_count" CHECK ("campaign_limit_counters"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_prepaid_balances" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"leads_left" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_prepaid_balances_never_negative" CHECK ("campaign_prepaid_balances"."leads_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text NOT NULL,
	"system_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"company_group_id" integer,
	"module" "module_type" NOT NULL,
	"name" text NOT NULL,
	"created_by_user_id" integer,
	"status" text DEFAULT 'stopped' NOT NULL,
	"pause_reason" text,
	"archived" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"setup_complete" boolean DEFAULT false NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"url_code" text DEFAULT '' NOT NULL,
	"url_code_thankyou" text DEFAULT '' NOT NULL,
	"gtm_installed" boolean DEFAULT false NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"contextual_keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"zips" text[] DEFAULT '{}'::text[] NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"national" boolean DEFAULT false NOT NULL,
	"local_state_mode" text DEFAULT 'include' NOT NULL,
	"locator_description" text DEFAULT '' NOT NULL,
	"require_email" boolean DEFAULT false NOT NULL,
	"require_phone" boolean DEFAULT false NOT NULL,
	"require_address" boolean DEFAULT false NOT NULL,
	"hide_phone" boolean DEFAULT false NOT NULL,
	"reidentification" text DEFAULT 'never' NOT NULL,
	"reidentify_across_client" boolean DEFAULT false NOT NULL,
	"lead_limit" integer,
	"lead_limit_frequency" text DEFAULT 'day' NOT NULL,
	"limit_start_date" date,
	"limit_end_date" date,
	"start_date" date,
	"end_date" date,
	"time_zone" text DEFAULT 'America/Chicago' NOT NULL,
	"payment_term" "payment_term" DEFAULT 'Weekly' NOT NULL,
	"setup_fee_cents" bigint DEFAULT 0 NOT NULL,
	"period_fee_cents" bigint DEFAULT 0 NOT NULL,
	"cost_per_lead_micros" bigint DEFAULT 0 NOT NULL,
	"cost_per_lead_advanced_micros" bigint DEFAULT 0 NOT NULL,
	"prepaid_leads_per_block" integer DEFAULT 0 NOT NULL,
	"continual_top_up" boolean DEFAULT false NOT NULL,
	"report_type" text DEFAULT 'CSV' NOT NULL,
	"report_sent_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"admin_notify_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"leads_amount_notification" integer DEFAULT 0 NOT NULL,
	"minimum_limit_leads" integer,
	"client_organization_id" text DEFAULT '' NOT NULL,
	"client_campaign_id" text DEFAULT '' NOT NULL,
	"module_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"embed_status" text DEFAULT 'unchecked' NOT NULL,
	"embed_checked_at" timestamp with time zone,
	"ad_platform_campaign_id" text,
	"last_test_lead_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_public_id_format" CHECK ("campaigns"."public_id" ~ '^[1-9][0-9]{7}$'),
	CONSTRAINT "campaigns_status" CHECK ("campaigns"."status" in ('running', 'paused', 'paused_on_run', 'stopped')),
	CONSTRAINT "campaigns_pause_reason" CHECK (("campaigns"."status" = 'paused_on_run') = ("campaigns"."pause_reason" is not null)
        and ("campaigns"."pause_reason" is null or "campaigns"."pause_reason" in ('limit', 'balance', 'payment_failed'))),
	CONSTRAINT "campaigns_local_state_mode" CHECK ("campaigns"."local_state_mode" in ('include', 'exclude')),
	CONSTRAINT "campaigns_reidentification" CHECK ("campaigns"."reidentification" in ('never', '7', '30', '90', '180', '365')),
	CONSTRAINT "campaigns_limit" CHECK ("campaigns"."lead_limit" is null or "campaigns"."lead_limit" > 0),
	CONSTRAINT "campaigns_limit_frequency" CHECK ("campaigns"."lead_limit_frequency" in ('day', 'month', 'lifetime')),
	CONSTRAINT "campaigns_prices_non_negative" CHECK ("campaigns"."setup_fee_cents" >= 0 and "campaigns"."period_fee_cents" >= 0 and "campaigns"."cost_per_lead_micros" >= 0
        and "campaigns"."cost_per_lead_advanced_micros" >= 0 and "campaigns"."prepaid_leads_per_block" >= 0)
);
--> statement-breakpoint
CREATE TABLE "client_lead_claims" (
	"client_id" integer NOT NULL,
	"identity_md5" text NOT NULL,
	"last_delivered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_lead_claims_client_id_identity_md5_pk" PRIMARY KEY("client_id","identity_md5")
);
--> statement-breakpoint
CREATE TABLE "lead_claims" (
	"campaign_id" integer NOT NULL,
	"identity_md5" text NOT NULL,
	"last_delivered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_claims_campaign_id_identity_md5_pk" PRIMARY KEY("campaign_id","identity_md5")
);
--> statement-breakpoint
CREATE TABLE "lead_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"lead_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "lead_deliveries_status" CHECK ("lead_deliveries"."status" in ('queued', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "lead_rejections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_rejections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"identity_md5" text,
	"source" text NOT NULL,
	"step" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"system_id" integer NOT NULL,
	"module" "module_type" NOT NULL,
	"identity_md5" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"company" jsonb,
	"page_url" text DEFAULT '' NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"client_price_micros" bigint NOT NULL,
	"wholesale_micros" bigint NOT NULL,
	"root_fee_micros" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_prices_non_negative" CHECK ("leads"."client_price_micros" >= 0 and "leads"."wholesale_micros" >= 0 and "leads"."root_fee_micros" >= 0)
);
--> statement-breakpoint
CREATE TABLE "suppression_entries" (
	"scope" text NOT NULL,
	"owner_id" integer NOT NULL,
	"md5" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppression_entries_scope_owner_id_md5_pk" PRIMARY KEY("scope","owner_id","md5"),
	CONSTRAINT "suppression_entries_scope" CHECK ("suppression_entries"."scope" in ('opt_out', 'agency', 'client', 'campaign')),
	CONSTRAINT "suppression_entries_md5" CHECK ("suppression_entries"."md5" ~ '^[0-9a-f]{32}$')
);
--> statement-breakpoint
ALTER TABLE "campaign_limit_counters" ADD CONSTRAINT "campaign_limit_counters_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_moves" ADD CONSTRAINT "campaign_moves_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_moves" ADD CONSTRAINT "campaign_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_prepaid_balances" ADD CONSTRAINT "campaign_prepaid_balances_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_agency_id_companies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_group_id_company_groups_id_fk" FOREIGN KEY ("company_group_id") REFERENCES "public"."company_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_lead_claims" ADD CONSTRAINT "client_lead_claims_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_claims" ADD CONSTRAINT "lead_claims_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_rejections" ADD CONSTRAINT "lead_rejections_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_moves_campaign_idx" ON "campaign_moves" USING btree ("campaign_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_public_id_key" ON "campaigns" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "campaigns_client_idx" ON "campaigns" USING btree ("client_id","module");--> statement-breakpoint
CREATE INDEX "campaigns_agency_idx" ON "campaigns" USING btree ("agency_id","module");--> statement-breakpoint
CREATE INDEX "campaigns_running_idx" ON "campaigns" USING btree ("module") WHERE "campaigns"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_one_per_kind" ON "lead_deliveries" USING btree ("lead_id","kind","target");--> statement-breakpoint
CREATE INDEX "lead_rejections_campaign_created_idx" ON "lead_rejections" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_one_per_claim" ON "leads" USING btree ("campaign_id","identity_md5","claimed_at");--> statement-breakpoint
CREATE INDEX "leads_campaign_created_idx" ON "leads" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_client_created_idx" ON "leads" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_agency_created_idx" ON "leads" USING btree ("agency_id","created_at");--> statement-breakpoint
-- A lead's prices are frozen when it is stored: what each party paid for it never changes afterwards.
CREATE FUNCTION "lead_prices_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a stored lead''s prices and identity are never changed'
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_prices_frozen" BEFORE UPDATE OF "client_price_micros", "wholesale_micros", "root_fee_micros", "identity_md5", "campaign_id", "claimed_at" ON "leads"
  FOR EACH ROW EXECUTE FUNCTION "lead_prices_frozen"();
