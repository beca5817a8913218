ALTER TABLE "sales_commissions" DROP CONSTRAINT "sales_commissions_once";--> statement-breakpoint
ALTER TABLE "prepaid_refunds" ADD COLUMN "commissions_reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD COLUMN "refund_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "prepaid_refunds_commissions_due_idx" ON "prepaid_refunds" USING btree ("id") WHERE "prepaid_refunds"."status" = 'refunded' and "prepaid_refunds"."commissions_reversed_at" is null;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_once" UNIQUE("operation_id","sales_user_id","kind","refund_key");