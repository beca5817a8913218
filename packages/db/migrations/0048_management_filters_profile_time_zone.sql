ALTER TABLE "companies" ADD COLUMN "contacts" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "campaign_setup" jsonb;--> statement-breakpoint
CREATE INDEX "campaigns_running_agency_idx" ON "campaigns" USING btree ("agency_id") WHERE "campaigns"."status" = 'running' and "campaigns"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_running_client_idx" ON "campaigns" USING btree ("client_id") WHERE "campaigns"."status" = 'running' and "campaigns"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_group_agency_idx" ON "campaigns" USING btree ("company_group_id","agency_id") WHERE "campaigns"."company_group_id" is not null and "campaigns"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_group_client_idx" ON "campaigns" USING btree ("company_group_id","client_id") WHERE "campaigns"."company_group_id" is not null and "campaigns"."removed_at" is null;