CREATE TABLE "ad_budget_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_budget_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"period_start" text NOT NULL,
	"reason" text NOT NULL,
	"daily_budget_cents" bigint DEFAULT 0 NOT NULL,
	"business_key" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"platform_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "ad_budget_charges_amounts" CHECK ("ad_budget_charges"."amount_cents" > 0 and "ad_budget_charges"."platform_cents" between 0 and "ad_budget_charges"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "ad_campaign_budgets" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"system_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"max_bid_micros" bigint NOT NULL,
	"monthly_budget_cents" bigint NOT NULL,
	"daily_budget_cents" bigint NOT NULL,
	"goal_type" text NOT NULL,
	"goal_value" text NOT NULL,
	"agency_markup" integer NOT NULL,
	"click_url" text NOT NULL,
	"anchor_date" text,
	"platform_campaign_id" text,
	"wanted_revision" integer DEFAULT 1 NOT NULL,
	"synced_revision" integer DEFAULT 0 NOT NULL,
	"sync_attempts" integer DEFAULT 0 NOT NULL,
	"sync_error" text,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stats_pulled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_campaign_budgets_markup_range" CHECK ("ad_campaign_budgets"."agency_markup" between 0 and 99),
	CONSTRAINT "ad_campaign_budgets_amounts_positive" CHECK ("ad_campaign_budgets"."max_bid_micros" > 0 and "ad_campaign_budgets"."daily_budget_cents" > 0 and "ad_campaign_budgets"."monthly_budget_cents" >= "ad_campaign_budgets"."daily_budget_cents")
);
--> statement-breakpoint
CREATE TABLE "ad_campaign_stats" (
	"campaign_id" integer NOT NULL,
	"day" text NOT NULL,
	"ad_id" text DEFAULT '' NOT NULL,
	"ad_name" text DEFAULT '' NOT NULL,
	"impressions" integer NOT NULL,
	"clicks" integer NOT NULL,
	"spend_cents" bigint NOT NULL,
	"client_spend_cents" bigint NOT NULL,
	"posted_spend_cents" bigint DEFAULT 0 NOT NULL,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_campaign_stats_campaign_id_day_ad_id_pk" PRIMARY KEY("campaign_id","day","ad_id")
);
--> statement-breakpoint
ALTER TABLE "ad_budget_charges" ADD CONSTRAINT "ad_budget_charges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_budgets" ADD CONSTRAINT "ad_campaign_budgets_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_budgets" ADD CONSTRAINT "ad_campaign_budgets_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_budgets" ADD CONSTRAINT "ad_campaign_budgets_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_stats" ADD CONSTRAINT "ad_campaign_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_budget_charges_once" ON "ad_budget_charges" USING btree ("campaign_id","period_start","reason","daily_budget_cents");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_budget_charges_key" ON "ad_budget_charges" USING btree ("business_key");--> statement-breakpoint
CREATE INDEX "ad_campaign_budgets_client_idx" ON "ad_campaign_budgets" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "ad_campaign_budgets_sync_idx" ON "ad_campaign_budgets" USING btree ("next_sync_at") WHERE "ad_campaign_budgets"."synced_revision" < "ad_campaign_budgets"."wanted_revision";