-- Decision 0053 (the lead report at 10,000,000 leads). Hand-written first: the trigram extension and
-- the two functions the generated search columns below are computed by. They are declared IMMUTABLE
-- (a generated column must be): concat_ws and array_to_string are only STABLE because they can
-- format any type; over text they always answer the same.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE FUNCTION "lead_search_words"(first_name text, last_name text, city text, emails text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(concat_ws(' ', first_name, last_name, city, array_to_string(emails, ' '))) $$;--> statement-breakpoint
CREATE FUNCTION "lead_search_phones"(phones text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(array_to_string(phones, ' ')) $$;--> statement-breakpoint
CREATE TABLE "lead_totals" (
	"campaign_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"system_id" integer NOT NULL,
	"module" "module_type" NOT NULL,
	"leads" bigint NOT NULL,
	CONSTRAINT "lead_totals_campaign_id_client_id_agency_id_system_id_module_pk" PRIMARY KEY("campaign_id","client_id","agency_id","system_id","module"),
	CONSTRAINT "lead_totals_leads_non_negative" CHECK ("lead_totals"."leads" >= 0)
);
--> statement-breakpoint
DROP INDEX "leads_campaign_created_idx";--> statement-breakpoint
DROP INDEX "leads_client_created_idx";--> statement-breakpoint
DROP INDEX "leads_agency_created_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_words" text GENERATED ALWAYS AS (lead_search_words(first_name, last_name, city, emails)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_phones" text GENERATED ALWAYS AS (lead_search_phones(phones)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_totals" ADD CONSTRAINT "lead_totals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_totals_client_idx" ON "lead_totals" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "lead_totals_agency_idx" ON "lead_totals" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "leads_search_idx" ON "leads" USING gin ("campaign_id","client_id","agency_id","search_words" gin_trgm_ops,"search_phones" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_client_created_idx" ON "leads" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_agency_created_idx" ON "leads" USING btree ("agency_id","created_at","id");
--> statement-breakpoint
-- Hand-written (Drizzle does not model INCLUDE): a campaign's range in the report's order carries
-- the searched text, so a search of a common text counts its first 1,000 matches from the index
-- alone (no heap fetch per lead tested; decision 0053).
CREATE INDEX "leads_campaign_created_idx" ON "leads" USING btree ("campaign_id","created_at","id")
  INCLUDE ("search_words","search_phones");--> statement-breakpoint
-- Hand-written below (Drizzle does not model triggers): lead_totals is kept by the database for
-- every way a lead is written. One upsert per statement (not per row), its rows in key order so two
-- transactions storing leads of the same campaigns lock them in the same order.
CREATE FUNCTION "lead_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_totals AS t (campaign_id, client_id, agency_id, system_id, module, leads)
  SELECT campaign_id, client_id, agency_id, system_id, module, count(*) FROM added
   GROUP BY campaign_id, client_id, agency_id, system_id, module
   ORDER BY campaign_id, client_id, agency_id, system_id, module
  ON CONFLICT (campaign_id, client_id, agency_id, system_id, module)
    DO UPDATE SET leads = t.leads + excluded.leads;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_totals_insert" AFTER INSERT ON "leads"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "lead_totals_add"();--> statement-breakpoint
CREATE FUNCTION "lead_totals_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lead_totals t SET leads = t.leads - r.n
    FROM (SELECT campaign_id, client_id, agency_id, system_id, module, count(*) AS n FROM removed
           GROUP BY campaign_id, client_id, agency_id, system_id, module) r
   WHERE t.campaign_id = r.campaign_id AND t.client_id = r.client_id AND t.agency_id = r.agency_id
     AND t.system_id = r.system_id AND t.module = r.module;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_totals_delete" AFTER DELETE ON "leads"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "lead_totals_remove"();--> statement-breakpoint
CREATE FUNCTION "lead_totals_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_totals;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_totals_truncate" AFTER TRUNCATE ON "leads"
  FOR EACH STATEMENT EXECUTE FUNCTION "lead_totals_clear"();--> statement-breakpoint
-- The columns lead_totals counts by never change on a stored lead (campaign_id is already frozen by
-- leads_prices_frozen), so an update can never leave the totals behind.
CREATE FUNCTION "lead_scope_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a stored lead''s client, agency, system and module are never changed'
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_scope_frozen" BEFORE UPDATE OF "client_id", "agency_id", "system_id", "module" ON "leads"
  FOR EACH ROW EXECUTE FUNCTION "lead_scope_frozen"();--> statement-breakpoint
INSERT INTO lead_totals (campaign_id, client_id, agency_id, system_id, module, leads)
SELECT campaign_id, client_id, agency_id, system_id, module, count(*) FROM leads
 GROUP BY campaign_id, client_id, agency_id, system_id, module;
