CREATE TABLE "sandbox_ad_campaign_history" (
	"sequence" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_ad_campaign_history_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" text NOT NULL,
	"change" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_ad_campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"keywords" text[] NOT NULL,
	"contextual_keywords" text[] NOT NULL,
	"national" boolean NOT NULL,
	"states" text[] NOT NULL,
	"cities" jsonb NOT NULL,
	"zips" text[] NOT NULL,
	"daily_budget_cents" bigint,
	"total_budget_cents" bigint,
	"start_date" text NOT NULL,
	"end_date" text,
	"time_zone" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_ad_campaigns_status_known" CHECK ("sandbox_ad_campaigns"."status" in ('draft', 'active', 'paused', 'ended')),
	CONSTRAINT "sandbox_ad_campaigns_keywords_present" CHECK (cardinality("sandbox_ad_campaigns"."keywords") > 0),
	CONSTRAINT "sandbox_ad_campaigns_budgets_positive" CHECK (coalesce("sandbox_ad_campaigns"."daily_budget_cents", 1) > 0 and coalesce("sandbox_ad_campaigns"."total_budget_cents", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_ad_idempotency" (
	"key" text PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"fingerprint" text NOT NULL,
	"result_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_ad_organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_callback_nonces" (
	"digest" text PRIMARY KEY NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_ad_campaign_history" ADD CONSTRAINT "sandbox_ad_campaign_history_campaign_id_sandbox_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."sandbox_ad_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_ad_campaigns" ADD CONSTRAINT "sandbox_ad_campaigns_organization_id_sandbox_ad_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."sandbox_ad_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_ad_organizations" ADD CONSTRAINT "sandbox_ad_organizations_parent_id_sandbox_ad_organizations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sandbox_ad_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_ad_campaign_history_campaign_idx" ON "sandbox_ad_campaign_history" USING btree ("campaign_id","sequence");--> statement-breakpoint
CREATE INDEX "sandbox_ad_campaigns_organization_idx" ON "sandbox_ad_campaigns" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "sandbox_ad_organizations_parent_idx" ON "sandbox_ad_organizations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "vendor_callback_nonces_expires_idx" ON "vendor_callback_nonces" USING btree ("expires_at");