CREATE TABLE "campaign_minimums" (
	"system_id" integer PRIMARY KEY NOT NULL,
	"simplifi_max_bid_micros" bigint DEFAULT 0 NOT NULL,
	"simplifi_daily_budget_cents" bigint DEFAULT 0 NOT NULL,
	"enhance_min_leads_per_day" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_minimums_non_negative" CHECK ("campaign_minimums"."simplifi_max_bid_micros" >= 0 and "campaign_minimums"."simplifi_daily_budget_cents" >= 0 and "campaign_minimums"."enhance_min_leads_per_day" >= 0)
);
--> statement-breakpoint
ALTER TABLE "campaign_minimums" ADD CONSTRAINT "campaign_minimums_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;
