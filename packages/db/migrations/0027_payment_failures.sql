CREATE TABLE "payment_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"payer_company_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"campaign_id" integer,
	"obligation_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"last_operation_id" bigint NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"settlement" text,
	"settled_by_operation_id" bigint,
	CONSTRAINT "payment_failures_amount_positive" CHECK ("payment_failures"."amount" > 0),
	CONSTRAINT "payment_failures_settled" CHECK (("payment_failures"."settled_at" is null) = ("payment_failures"."settlement" is null)
        and coalesce("payment_failures"."settlement" = 'paid', false) = ("payment_failures"."settled_by_operation_id" is not null)
        and ("payment_failures"."settlement" is null or "payment_failures"."settlement" in ('paid', 'campaign_removed')))
);
--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "obligation_key" text;--> statement-breakpoint
ALTER TABLE "payment_failures" ADD CONSTRAINT "payment_failures_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_failures" ADD CONSTRAINT "payment_failures_payer_company_id_companies_id_fk" FOREIGN KEY ("payer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_failures" ADD CONSTRAINT "payment_failures_agency_id_companies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_failures" ADD CONSTRAINT "payment_failures_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_failures" ADD CONSTRAINT "payment_failures_last_operation_id_payment_operations_id_fk" FOREIGN KEY ("last_operation_id") REFERENCES "public"."payment_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_failures" ADD CONSTRAINT "payment_failures_settled_by_operation_id_payment_operations_id_fk" FOREIGN KEY ("settled_by_operation_id") REFERENCES "public"."payment_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_failures_obligation_key_index" ON "payment_failures" USING btree ("obligation_key");--> statement-breakpoint
CREATE INDEX "payment_failures_open_payer_idx" ON "payment_failures" USING btree ("payer_company_id") WHERE "payment_failures"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "payment_failures_open_agency_idx" ON "payment_failures" USING btree ("agency_id") WHERE "payment_failures"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "payment_operations_obligation_idx" ON "payment_operations" USING btree ("obligation_key") WHERE "payment_operations"."obligation_key" is not null;--> statement-breakpoint
-- Hand-written (decision 0065): what the old flag said moves into payment_failures before it goes.
-- Every attempt of a campaign activation names what it pays (its key without ':attempt-n'); a payer
-- the flag marked failed keeps owing its declined activations that no later attempt paid.
UPDATE "payment_operations" SET "obligation_key" = regexp_replace("business_key", ':attempt-[0-9]+$', '')
 WHERE "business_key" LIKE 'campaign-activation:%';--> statement-breakpoint
INSERT INTO "payment_failures" ("system_id", "payer_company_id", "agency_id", "campaign_id", "obligation_key",
  "amount", "reason", "last_operation_id", "failed_at")
SELECT DISTINCT ON (o."obligation_key") o."system_id", o."company_id",
       CASE WHEN c."kind" = 'agency' THEN c."id" ELSE c."parent_id" END,
       split_part(o."obligation_key", ':', 2)::integer, o."obligation_key", o."amount",
       coalesce(o."failure_message", ''), o."id", coalesce(o."settled_at", o."created_at")
  FROM "payment_operations" o
  JOIN "companies" c ON c."id" = o."company_id" AND c."payment_failed"
 WHERE o."status" = 'failed' AND o."obligation_key" IS NOT NULL AND o."failure_code" <> 'not_charged'
   AND NOT EXISTS (SELECT 1 FROM "payment_operations" s
                    WHERE s."obligation_key" = o."obligation_key" AND s."status" = 'succeeded')
 ORDER BY o."obligation_key", o."id" DESC;--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "payment_failed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "customer_card_id";