ALTER TABLE "billing_lots" ADD COLUMN "origin" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "prepaid_refunds" ADD COLUMN "wallet_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prepaid_refunds" ADD COLUMN "wallet_agency_id" integer;--> statement-breakpoint
ALTER TABLE "prepaid_refunds" ADD CONSTRAINT "prepaid_refunds_wallet_agency_id_companies_id_fk" FOREIGN KEY ("wallet_agency_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lots" ADD CONSTRAINT "billing_lots_origin" CHECK ("billing_lots"."origin" = 'purchase' or ("billing_lots"."origin" = 'refund' and "billing_lots"."kind" = 'wallet'));--> statement-breakpoint
ALTER TABLE "prepaid_refunds" ADD CONSTRAINT "prepaid_refunds_wallet" CHECK ("prepaid_refunds"."wallet_cents" >= 0 and ("prepaid_refunds"."wallet_cents" = 0 or "prepaid_refunds"."wallet_agency_id" is not null));