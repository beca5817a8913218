ALTER TABLE "lead_intake" DROP CONSTRAINT "lead_intake_source";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "embed_check_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "embed_check_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_intake" ADD CONSTRAINT "lead_intake_source" CHECK ("lead_intake"."source" in ('pixel', 'vendor_callback', 'vendor_list', 'test'));