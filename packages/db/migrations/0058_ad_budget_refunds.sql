CREATE TABLE "ad_budget_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_budget_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"system_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"business_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"calls" jsonb NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "ad_budget_charges_once";--> statement-breakpoint
ALTER TABLE "ad_budget_refunds" ADD CONSTRAINT "ad_budget_refunds_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_budget_refunds" ADD CONSTRAINT "ad_budget_refunds_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_budget_refunds" ADD CONSTRAINT "ad_budget_refunds_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_budget_refunds_key" ON "ad_budget_refunds" USING btree ("business_key");--> statement-breakpoint
CREATE INDEX "ad_budget_refunds_campaign_idx" ON "ad_budget_refunds" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "ad_budget_refunds_pending_idx" ON "ad_budget_refunds" USING btree ("created_at") WHERE "ad_budget_refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ad_budget_charges_campaign_idx" ON "ad_budget_charges" USING btree ("campaign_id","period_start");