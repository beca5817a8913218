CREATE TABLE "sandbox_vendor_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_vendor_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"ticket" text,
	"failed" boolean DEFAULT false NOT NULL,
	"ready_at" timestamp with time zone NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enhancement_counts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enhancement_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"requested_by_user_id" integer,
	"information_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"audience" integer,
	"field_counts" jsonb,
	"api_version" text DEFAULT '' NOT NULL,
	"vendor_ticket" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enhancement_counts_status" CHECK ("enhancement_counts"."status" in ('pending', 'error', 'done')),
	CONSTRAINT "enhancement_counts_done_has_counts" CHECK (("enhancement_counts"."status" = 'done') = ("enhancement_counts"."audience" is not null and "enhancement_counts"."field_counts" is not null))
);
--> statement-breakpoint
CREATE TABLE "keyword_counts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "keyword_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"requested_by_user_id" integer,
	"batch_id" text NOT NULL,
	"module" "module_type" NOT NULL,
	"target_location" text NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"zips" text[] DEFAULT '{}'::text[] NOT NULL,
	"keyword" text NOT NULL,
	"keyword_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"count" integer,
	"count_without_geo" integer,
	"api_version" text DEFAULT '' NOT NULL,
	"vendor_ticket" text,
	"waited_at" timestamp with time zone,
	"history_of_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_counts_status" CHECK ("keyword_counts"."status" in ('pending', 'error', 'done')),
	CONSTRAINT "keyword_counts_target_location" CHECK ("keyword_counts"."target_location" in ('national', 'state', 'zip')),
	CONSTRAINT "keyword_counts_done_has_counts" CHECK (("keyword_counts"."status" = 'done') = ("keyword_counts"."count" is not null and "keyword_counts"."count_without_geo" is not null)),
	CONSTRAINT "keyword_counts_non_negative" CHECK ("keyword_counts"."count" >= 0 and "keyword_counts"."count_without_geo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "advanced" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "enhancement_counts" ADD CONSTRAINT "enhancement_counts_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhancement_counts" ADD CONSTRAINT "enhancement_counts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhancement_counts" ADD CONSTRAINT "enhancement_counts_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhancement_counts" ADD CONSTRAINT "enhancement_counts_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_counts" ADD CONSTRAINT "keyword_counts_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_counts" ADD CONSTRAINT "keyword_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_counts" ADD CONSTRAINT "keyword_counts_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_vendor_requests_fingerprint_idx" ON "sandbox_vendor_requests" USING btree ("fingerprint","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_vendor_requests_ticket_idx" ON "sandbox_vendor_requests" USING btree ("ticket");--> statement-breakpoint
CREATE INDEX "enhancement_counts_campaign_idx" ON "enhancement_counts" USING btree ("campaign_id","information_type","created_at");--> statement-breakpoint
CREATE INDEX "keyword_counts_company_idx" ON "keyword_counts" USING btree ("company_id","module","created_at");--> statement-breakpoint
CREATE INDEX "keyword_counts_history_idx" ON "keyword_counts" USING btree ("system_id","module","keyword_key","counted_at") WHERE "keyword_counts"."status" = 'done';--> statement-breakpoint
CREATE INDEX "keyword_counts_batch_idx" ON "keyword_counts" USING btree ("batch_id");