-- The lead engine's tables carry their campaign's agency and end every key with it (decision 0121):
-- the column a Citus cluster distributes them by. A campaign or a client belongs to one agency, so
-- every key rejects exactly what it rejected before.
--
-- 1. The column, filled from what each row already names, then required.
ALTER TABLE "lead_intake" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "lead_claims" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "client_lead_claims" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "campaign_limit_counters" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "lead_rejections" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "integration_delivery_attempts" ADD COLUMN "agency_id" integer;--> statement-breakpoint
UPDATE "lead_intake" t SET "agency_id" = c."agency_id" FROM "campaigns" c WHERE c."id" = t."campaign_id";--> statement-breakpoint
UPDATE "lead_claims" t SET "agency_id" = c."agency_id" FROM "campaigns" c WHERE c."id" = t."campaign_id";--> statement-breakpoint
UPDATE "client_lead_claims" t SET "agency_id" = c."parent_id" FROM "companies" c WHERE c."id" = t."client_id";--> statement-breakpoint
UPDATE "campaign_limit_counters" t SET "agency_id" = c."agency_id" FROM "campaigns" c WHERE c."id" = t."campaign_id";--> statement-breakpoint
UPDATE "lead_rejections" t SET "agency_id" = c."agency_id" FROM "campaigns" c WHERE c."id" = t."campaign_id";--> statement-breakpoint
UPDATE "lead_deliveries" t SET "agency_id" = l."agency_id" FROM "leads" l WHERE l."id" = t."lead_id";--> statement-breakpoint
UPDATE "integration_deliveries" t SET "agency_id" = l."agency_id" FROM "leads" l WHERE l."id" = t."lead_id";--> statement-breakpoint
UPDATE "integration_deliveries" t
   SET "agency_id" = CASE WHEN co."kind" = 'client' THEN co."parent_id" ELSE co."id" END
  FROM "integration_connections" k JOIN "companies" co ON co."id" = k."company_id"
 WHERE t."lead_id" IS NULL AND k."id" = t."connection_id";--> statement-breakpoint
UPDATE "integration_delivery_attempts" t SET "agency_id" = d."agency_id" FROM "integration_deliveries" d WHERE d."id" = t."delivery_id";--> statement-breakpoint
ALTER TABLE "lead_intake" ALTER COLUMN "agency_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_claims" ALTER COLUMN "agency_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "client_lead_claims" ALTER COLUMN "agency_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_limit_counters" ALTER COLUMN "agency_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_rejections" ALTER COLUMN "agency_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ALTER COLUMN "agency_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_deliveries" ALTER COLUMN "agency_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_delivery_attempts" ALTER COLUMN "agency_id" SET NOT NULL;--> statement-breakpoint
-- 2. The foreign keys between these tables go first: they lean on the keys rebuilt below.
ALTER TABLE "lead_deliveries" DROP CONSTRAINT "lead_deliveries_lead_id_leads_id_fk";--> statement-breakpoint
ALTER TABLE "integration_deliveries" DROP CONSTRAINT "integration_deliveries_lead_id_leads_id_fk";--> statement-breakpoint
ALTER TABLE "integration_delivery_attempts" DROP CONSTRAINT "integration_delivery_attempts_delivery_id_integration_deliveries_id_fk";--> statement-breakpoint
-- 3. Primary keys and unique indexes with the agency last, so lookups by their first columns stay.
ALTER TABLE "lead_intake" DROP CONSTRAINT "lead_intake_pkey";--> statement-breakpoint
ALTER TABLE "lead_intake" ADD CONSTRAINT "lead_intake_pkey" PRIMARY KEY("id","agency_id");--> statement-breakpoint
ALTER TABLE "lead_claims" DROP CONSTRAINT "lead_claims_campaign_id_identity_md5_pk";--> statement-breakpoint
ALTER TABLE "lead_claims" ADD CONSTRAINT "lead_claims_pkey" PRIMARY KEY("campaign_id","identity_md5","agency_id");--> statement-breakpoint
ALTER TABLE "client_lead_claims" DROP CONSTRAINT "client_lead_claims_client_id_identity_md5_pk";--> statement-breakpoint
ALTER TABLE "client_lead_claims" ADD CONSTRAINT "client_lead_claims_pkey" PRIMARY KEY("client_id","identity_md5","agency_id");--> statement-breakpoint
ALTER TABLE "campaign_limit_counters" DROP CONSTRAINT "campaign_limit_counters_campaign_id_period_key_pk";--> statement-breakpoint
ALTER TABLE "campaign_limit_counters" ADD CONSTRAINT "campaign_limit_counters_pkey" PRIMARY KEY("campaign_id","period_key","agency_id");--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_pkey";--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_pkey" PRIMARY KEY("id","agency_id");--> statement-breakpoint
DROP INDEX "leads_one_per_claim";--> statement-breakpoint
CREATE UNIQUE INDEX "leads_one_per_claim" ON "leads" USING btree ("campaign_id","identity_md5","claimed_at","agency_id");--> statement-breakpoint
ALTER TABLE "lead_rejections" DROP CONSTRAINT "lead_rejections_pkey";--> statement-breakpoint
ALTER TABLE "lead_rejections" ADD CONSTRAINT "lead_rejections_pkey" PRIMARY KEY("id","agency_id");--> statement-breakpoint
ALTER TABLE "lead_deliveries" DROP CONSTRAINT "lead_deliveries_pkey";--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_pkey" PRIMARY KEY("id","agency_id");--> statement-breakpoint
DROP INDEX "lead_deliveries_one_per_kind";--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_one_per_kind" ON "lead_deliveries" USING btree ("lead_id","kind","target","agency_id");--> statement-breakpoint
ALTER TABLE "integration_deliveries" DROP CONSTRAINT "integration_deliveries_pkey";--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_pkey" PRIMARY KEY("id","agency_id");--> statement-breakpoint
DROP INDEX "integration_deliveries_once_per_lead";--> statement-breakpoint
CREATE UNIQUE INDEX "integration_deliveries_once_per_lead" ON "integration_deliveries" USING btree ("lead_id","connection_id","agency_id") WHERE "integration_deliveries"."lead_id" is not null;--> statement-breakpoint
ALTER TABLE "integration_delivery_attempts" DROP CONSTRAINT "integration_delivery_attempts_pkey";--> statement-breakpoint
ALTER TABLE "integration_delivery_attempts" ADD CONSTRAINT "integration_delivery_attempts_pkey" PRIMARY KEY("id","agency_id");--> statement-breakpoint
-- 4. The foreign keys again, each pairing the agency with the agency.
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_lead_fk" FOREIGN KEY ("lead_id","agency_id") REFERENCES "public"."leads"("id","agency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_lead_fk" FOREIGN KEY ("lead_id","agency_id") REFERENCES "public"."leads"("id","agency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_delivery_attempts" ADD CONSTRAINT "integration_delivery_attempts_delivery_fk" FOREIGN KEY ("delivery_id","agency_id") REFERENCES "public"."integration_deliveries"("id","agency_id") ON DELETE no action ON UPDATE no action;
