CREATE TABLE "prepaid_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prepaid_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"business_key" text NOT NULL,
	"status" text NOT NULL,
	"leads" integer NOT NULL,
	"client_cents" bigint NOT NULL,
	"agency_card_cents" bigint NOT NULL,
	"wholesale_back_cents" bigint NOT NULL,
	"calls" jsonb NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "prepaid_refunds_business_key" UNIQUE("business_key"),
	CONSTRAINT "prepaid_refunds_status" CHECK ("prepaid_refunds"."status" in ('pending', 'refunded', 'failed')),
	CONSTRAINT "prepaid_refunds_amounts" CHECK ("prepaid_refunds"."leads" > 0 and "prepaid_refunds"."client_cents" >= 0 and "prepaid_refunds"."agency_card_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "prepaid_refunds" ADD CONSTRAINT "prepaid_refunds_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_refunds" ADD CONSTRAINT "prepaid_refunds_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepaid_refunds" ADD CONSTRAINT "prepaid_refunds_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prepaid_refunds_campaign_idx" ON "prepaid_refunds" USING btree ("campaign_id","id");--> statement-breakpoint
CREATE INDEX "prepaid_refunds_pending_idx" ON "prepaid_refunds" USING btree ("created_at") WHERE "prepaid_refunds"."status" = 'pending';