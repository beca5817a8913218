CREATE TABLE "vendor_list_runs" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"identities" integer DEFAULT 0 NOT NULL,
	"not_sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_list_runs_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_platform_organizations" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locator_mirrors" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"mirrored_revision" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"lease_until" timestamp with time zone,
	"conversions_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locator_mirrors_revisions" CHECK ("locator_mirrors"."mirrored_revision" <= "locator_mirrors"."revision" and "locator_mirrors"."revision" > 0)
);
--> statement-breakpoint
ALTER TABLE "lead_intake" DROP CONSTRAINT "lead_intake_source";--> statement-breakpoint
ALTER TABLE "vendor_list_runs" ADD CONSTRAINT "vendor_list_runs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_platform_organizations" ADD CONSTRAINT "ad_platform_organizations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locator_mirrors" ADD CONSTRAINT "locator_mirrors_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locator_mirrors_behind_idx" ON "locator_mirrors" USING btree ("next_attempt_at") WHERE "locator_mirrors"."mirrored_revision" < "locator_mirrors"."revision";--> statement-breakpoint
ALTER TABLE "lead_intake" ADD CONSTRAINT "lead_intake_source" CHECK ("lead_intake"."source" in ('pixel', 'vendor_callback', 'vendor_list', 'ad_platform', 'test'));