CREATE TABLE "lead_intake" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_intake_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"source" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_intake_source" CHECK ("lead_intake"."source" in ('pixel', 'vendor_callback', 'vendor_list'))
);
--> statement-breakpoint
CREATE TABLE "vendor_callback_receipts" (
	"signature" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_intake" ADD CONSTRAINT "lead_intake_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_intake_available_idx" ON "lead_intake" USING btree ("available_at","id");--> statement-breakpoint
CREATE INDEX "lead_deliveries_due_idx" ON "lead_deliveries" USING btree ("next_attempt_at","id") WHERE "lead_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "suppression_entries_md5_idx" ON "suppression_entries" USING btree ("md5");