CREATE TABLE "ad_banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_by_user_id" integer,
	"name" text NOT NULL,
	"design" jsonb NOT NULL,
	"image_storage_key" text,
	"image_content_type" text,
	"image_width" integer,
	"image_height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_banners_image_whole" CHECK (("ad_banners"."image_storage_key" is null) = ("ad_banners"."image_content_type" is null)
        and ("ad_banners"."image_storage_key" is null) = ("ad_banners"."image_width" is null)
        and ("ad_banners"."image_storage_key" is null) = ("ad_banners"."image_height" is null))
);
--> statement-breakpoint
CREATE TABLE "ad_media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"campaign_id" integer,
	"kind" text NOT NULL,
	"origin" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"click_url" text,
	"platform_ad_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_media_kind" CHECK ("ad_media"."kind" in ('image', 'html5')),
	CONSTRAINT "ad_media_origin" CHECK ("ad_media"."origin" in ('upload', 'builder')),
	CONSTRAINT "ad_media_size_positive" CHECK ("ad_media"."size_bytes" > 0 and "ad_media"."width" > 0 and "ad_media"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "ad_media_download_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_media_download_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"system_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"media_ids" integer[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_media_download_tokens_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "ad_media_download_tokens_ids" CHECK (cardinality("ad_media_download_tokens"."media_ids") between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "ad_banners" ADD CONSTRAINT "ad_banners_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_banners" ADD CONSTRAINT "ad_banners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_banners" ADD CONSTRAINT "ad_banners_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_media" ADD CONSTRAINT "ad_media_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_media" ADD CONSTRAINT "ad_media_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_media" ADD CONSTRAINT "ad_media_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_media" ADD CONSTRAINT "ad_media_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_media_download_tokens" ADD CONSTRAINT "ad_media_download_tokens_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_media_download_tokens" ADD CONSTRAINT "ad_media_download_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_banners_company_idx" ON "ad_banners" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "ad_media_company_idx" ON "ad_media" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "ad_media_campaign_idx" ON "ad_media" USING btree ("campaign_id","created_at") WHERE "ad_media"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "ad_media_download_tokens_expiry_idx" ON "ad_media_download_tokens" USING btree ("expires_at");