ALTER TABLE "ad_audiences" ADD COLUMN "agency_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_audiences" ADD CONSTRAINT "ad_audiences_agency_id_companies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_audiences_agency_idx" ON "ad_audiences" USING btree ("agency_id","created_at");