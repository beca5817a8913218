ALTER TABLE "ad_media" ADD COLUMN "agency_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_media" ADD CONSTRAINT "ad_media_agency_id_companies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_media_agency_idx" ON "ad_media" USING btree ("agency_id","created_at");