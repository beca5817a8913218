ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_prices_non_negative";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "cost_per_lead_b2b_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "cost_max_lead_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "continuous_duration" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "connected_account_id" text;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "application_fee" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_prices_non_negative" CHECK ("campaigns"."setup_fee_cents" >= 0 and "campaigns"."period_fee_cents" >= 0 and "campaigns"."cost_per_lead_micros" >= 0
        and "campaigns"."cost_per_lead_advanced_micros" >= 0 and "campaigns"."prepaid_leads_per_block" >= 0
        and "campaigns"."cost_per_lead_b2b_micros" >= 0 and "campaigns"."cost_max_lead_micros" >= 0);--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_application_fee" CHECK ("payment_operations"."application_fee" is null or ("payment_operations"."connected_account_id" is not null and "payment_operations"."application_fee" between 0 and "payment_operations"."amount"));