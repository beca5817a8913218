ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind";--> statement-breakpoint
ALTER TABLE "billing_schedules" ADD COLUMN "billed_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('period', 'final', 'switch'));