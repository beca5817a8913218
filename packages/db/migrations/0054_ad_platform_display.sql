CREATE TABLE "sandbox_ad_ad_history" (
	"sequence" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_ad_ad_history_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ad_id" text NOT NULL,
	"to_status" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_ad_ads" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"click_url" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_ad_ads_kind_known" CHECK ("sandbox_ad_ads"."kind" in ('image', 'html5')),
	CONSTRAINT "sandbox_ad_ads_status_known" CHECK ("sandbox_ad_ads"."status" in ('active', 'paused', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_ad_audience_keys" (
	"audience_id" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "sandbox_ad_audience_keys_audience_id_key_pk" PRIMARY KEY("audience_id","key"),
	CONSTRAINT "sandbox_ad_audience_keys_md5" CHECK ("sandbox_ad_audience_keys"."key" ~ '^[0-9a-f]{32}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_ad_audiences" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"keys_added_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "sandbox_ad_audiences_size_positive" CHECK ("sandbox_ad_audiences"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_ad_campaigns" DROP CONSTRAINT "sandbox_ad_campaigns_keywords_present";--> statement-breakpoint
ALTER TABLE "sandbox_ad_campaigns" ADD COLUMN "kind" text DEFAULT 'search' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_ad_campaigns" ADD COLUMN "max_bid_micros" bigint;--> statement-breakpoint
ALTER TABLE "sandbox_ad_campaigns" ADD COLUMN "goal_type" text;--> statement-breakpoint
ALTER TABLE "sandbox_ad_campaigns" ADD COLUMN "goal_value" bigint;--> statement-breakpoint
ALTER TABLE "sandbox_ad_campaigns" ADD COLUMN "audience_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_ad_organizations" ADD COLUMN "custom_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_ad_organizations" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_ad_ad_history" ADD CONSTRAINT "sandbox_ad_ad_history_ad_id_sandbox_ad_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."sandbox_ad_ads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_ad_ads" ADD CONSTRAINT "sandbox_ad_ads_campaign_id_sandbox_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."sandbox_ad_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_ad_audience_keys" ADD CONSTRAINT "sandbox_ad_audience_keys_audience_id_sandbox_ad_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."sandbox_ad_audiences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_ad_audiences" ADD CONSTRAINT "sandbox_ad_audiences_organization_id_sandbox_ad_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."sandbox_ad_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_ad_ad_history_ad_idx" ON "sandbox_ad_ad_history" USING btree ("ad_id","sequence");--> statement-breakpoint
CREATE INDEX "sandbox_ad_ads_campaign_idx" ON "sandbox_ad_ads" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "sandbox_ad_audiences_organization_idx" ON "sandbox_ad_audiences" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "sandbox_ad_campaigns" ADD CONSTRAINT "sandbox_ad_campaigns_kind_known" CHECK ("sandbox_ad_campaigns"."kind" in ('search', 'display'));--> statement-breakpoint
ALTER TABLE "sandbox_ad_campaigns" ADD CONSTRAINT "sandbox_ad_campaigns_bid_positive" CHECK (coalesce("sandbox_ad_campaigns"."max_bid_micros", 1) > 0);--> statement-breakpoint
ALTER TABLE "sandbox_ad_campaigns" ADD CONSTRAINT "sandbox_ad_campaigns_goal_whole" CHECK (("sandbox_ad_campaigns"."goal_type" is null) = ("sandbox_ad_campaigns"."goal_value" is null) and coalesce("sandbox_ad_campaigns"."goal_value", 1) > 0);--> statement-breakpoint
ALTER TABLE "sandbox_ad_campaigns" ADD CONSTRAINT "sandbox_ad_campaigns_keywords_present" CHECK ("sandbox_ad_campaigns"."kind" = 'display' or cardinality("sandbox_ad_campaigns"."keywords") > 0);