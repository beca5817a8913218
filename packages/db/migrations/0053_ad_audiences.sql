CREATE TABLE "ad_audience_keys" (
	"audience_id" bigint NOT NULL,
	"md5" text NOT NULL,
	CONSTRAINT "ad_audience_keys_audience_id_md5_pk" PRIMARY KEY("audience_id","md5"),
	CONSTRAINT "ad_audience_keys_md5" CHECK (length("ad_audience_keys"."md5") = 32 and "ad_audience_keys"."md5" ~ '^[0-9a-f]+$')
);
--> statement-breakpoint
CREATE TABLE "ad_audience_staging" (
	"audience_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"md5" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_audiences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_audiences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"uploaded_by" integer,
	"name" text NOT NULL,
	"key_kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'receiving' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"keys_accepted" integer DEFAULT 0 NOT NULL,
	"bad_line_count" integer DEFAULT 0 NOT NULL,
	"bad_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"merged_rows" integer DEFAULT 0 NOT NULL,
	"merged_ranges" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"keys_stored" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lease_until" timestamp with time zone,
	"platform_audience_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ad_audiences_status" CHECK ("ad_audiences"."status" in ('receiving', 'processing', 'ready', 'failed')),
	CONSTRAINT "ad_audiences_key_kind" CHECK ("ad_audiences"."key_kind" in ('email', 'md5'))
);
--> statement-breakpoint
CREATE TABLE "ad_campaign_audiences" (
	"campaign_id" integer NOT NULL,
	"audience_id" bigint NOT NULL,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_campaign_audiences_campaign_id_audience_id_pk" PRIMARY KEY("campaign_id","audience_id")
);
--> statement-breakpoint
ALTER TABLE "ad_audience_keys" ADD CONSTRAINT "ad_audience_keys_audience_id_ad_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."ad_audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audiences" ADD CONSTRAINT "ad_audiences_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audiences" ADD CONSTRAINT "ad_audiences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audiences" ADD CONSTRAINT "ad_audiences_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_audiences" ADD CONSTRAINT "ad_campaign_audiences_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaign_audiences" ADD CONSTRAINT "ad_campaign_audiences_audience_id_ad_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."ad_audiences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_audience_staging_audience_seq_idx" ON "ad_audience_staging" USING btree ("audience_id","seq");--> statement-breakpoint
CREATE INDEX "ad_audiences_company_idx" ON "ad_audiences" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_campaign_audiences_audience_idx" ON "ad_campaign_audiences" USING btree ("audience_id");--> statement-breakpoint
ALTER TABLE "ad_audience_staging" SET UNLOGGED;