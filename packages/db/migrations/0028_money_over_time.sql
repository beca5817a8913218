CREATE TABLE "billing_lots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer,
	"kind" text NOT NULL,
	"account_id" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"client_price_micros" bigint,
	"wholesale_micros" bigint,
	"bought_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_lots_source_key" UNIQUE("source_key"),
	CONSTRAINT "billing_lots_kind" CHECK ("billing_lots"."kind" in ('wallet', 'prepaid')),
	CONSTRAINT "billing_lots_quantity" CHECK ("billing_lots"."quantity" > 0),
	CONSTRAINT "billing_lots_prepaid_campaign" CHECK (("billing_lots"."kind" = 'prepaid') = ("billing_lots"."campaign_id" is not null)
          and ("billing_lots"."kind" = 'prepaid') = ("billing_lots"."client_price_micros" is not null and "billing_lots"."wholesale_micros" is not null))
);
--> statement-breakpoint
CREATE TABLE "billing_schedules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"activation" integer NOT NULL,
	"term" "payment_term" NOT NULL,
	"anchor_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"next_period" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_schedules_campaign_activation" UNIQUE("campaign_id","activation"),
	CONSTRAINT "billing_schedules_next_period" CHECK ("billing_schedules"."next_period" >= 0 and "billing_schedules"."activation" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_micros" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"platform_part" bigint NOT NULL,
	CONSTRAINT "invoice_lines_position" UNIQUE("invoice_id","position"),
	CONSTRAINT "invoice_lines_kind" CHECK ("invoice_lines"."kind" ~ '^[a-z][a-z_]{0,30}$')
);
--> statement-breakpoint
CREATE TABLE "invoice_numbers" (
	"system_id" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"schedule_id" bigint NOT NULL,
	"campaign_id" integer NOT NULL,
	"period" integer,
	"agency_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"payer" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"lead_count" integer NOT NULL,
	"total" bigint NOT NULL,
	"platform_part" bigint NOT NULL,
	"status" text NOT NULL,
	"obligation_key" text,
	"charge_id" text,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number" UNIQUE("system_id","number"),
	CONSTRAINT "invoices_once_per_period" UNIQUE NULLS NOT DISTINCT("schedule_id","kind","period"),
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" in ('period', 'final')),
	CONSTRAINT "invoices_period" CHECK (("invoices"."kind" = 'period') = ("invoices"."period" is not null)),
	CONSTRAINT "invoices_status" CHECK ("invoices"."status" in ('open', 'paid', 'failed', 'void')),
	CONSTRAINT "invoices_payer" CHECK ("invoices"."payer" in ('client', 'agency')),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."total" >= 0 and "invoices"."platform_part" >= 0 and "invoices"."platform_part" <= "invoices"."total" and "invoices"."lead_count" >= 0),
	CONSTRAINT "invoices_window" CHECK ("invoices"."period_end" >= "invoices"."period_start")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "unit" text DEFAULT 'usd_cents' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "credit_account_id" bigint;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "follow_up" jsonb;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD COLUMN "follow_up_done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_lots" ADD CONSTRAINT "billing_lots_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lots" ADD CONSTRAINT "billing_lots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lots" ADD CONSTRAINT "billing_lots_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lots" ADD CONSTRAINT "billing_lots_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_schedules" ADD CONSTRAINT "billing_schedules_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_schedules" ADD CONSTRAINT "billing_schedules_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_numbers" ADD CONSTRAINT "invoice_numbers_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_schedule_id_billing_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."billing_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_agency_id_companies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_lots_account_idx" ON "billing_lots" USING btree ("account_id","bought_at","id");--> statement-breakpoint
CREATE INDEX "billing_lots_campaign_idx" ON "billing_lots" USING btree ("campaign_id") WHERE "billing_lots"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "billing_lots_expiry_idx" ON "billing_lots" USING btree ("expires_at") WHERE "billing_lots"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "billing_schedules_open_idx" ON "billing_schedules" USING btree ("id") WHERE "billing_schedules"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("client_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_agency_idx" ON "invoices" USING btree ("agency_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_campaign_idx" ON "invoices" USING btree ("campaign_id","issued_at");--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_operations_follow_up_due_idx" ON "payment_operations" USING btree ("created_at") WHERE "payment_operations"."status" = 'succeeded' and "payment_operations"."follow_up" is not null and "payment_operations"."follow_up_done_at" is null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_unit" CHECK ("ledger_accounts"."unit" in ('usd_cents', 'leads'));--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_follow_up_done" CHECK ("payment_operations"."follow_up_done_at" is null or ("payment_operations"."follow_up" is not null and "payment_operations"."status" = 'succeeded'));;--> statement-breakpoint
-- Hand-written below (decision 0072): a posting counts one unit. Its lines sum to zero in that unit
-- (cents, or a prepaid block's leads), so no posting can trade leads for cents.
CREATE OR REPLACE FUNCTION "ledger_assert_posting_whole"(posting bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  header record;
  found_lines bigint;
  total numeric;
  restamped bigint;
  foreign_lines bigint;
  units bigint;
BEGIN
  SELECT p.line_count, p.system_id, p.created_at INTO header FROM ledger_postings p WHERE p.id = posting;
  -- The account's system and unit are read per line through its primary key: a plan that cannot
  -- turn into a scan of every account, whatever the statistics say when the plan is cached.
  SELECT count(*), coalesce(sum(l.amount), 0),
         count(*) FILTER (WHERE l.posted_at <> header.created_at),
         count(*) FILTER (WHERE (SELECT a.system_id FROM ledger_accounts a WHERE a.id = l.account_id) <> header.system_id),
         count(DISTINCT (SELECT a.unit FROM ledger_accounts a WHERE a.id = l.account_id))
    INTO found_lines, total, restamped, foreign_lines, units
    FROM ledger_lines l
   WHERE l.posting_id = posting;
  IF found_lines <> header.line_count THEN
    RAISE EXCEPTION 'ledger posting % has % lines, not the % it was posted with', posting, found_lines, header.line_count
      USING ERRCODE = 'check_violation';
  END IF;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger posting % does not balance: its lines sum to % cents', posting, total
      USING ERRCODE = 'check_violation';
  END IF;
  IF foreign_lines > 0 THEN
    RAISE EXCEPTION 'ledger posting % has lines on accounts of another system', posting
      USING ERRCODE = 'check_violation';
  END IF;
  IF units > 1 THEN
    RAISE EXCEPTION 'ledger posting % mixes units (cents and leads)', posting
      USING ERRCODE = 'check_violation';
  END IF;
  IF restamped > 0 THEN
    RAISE EXCEPTION 'ledger posting % has lines dated otherwise than the posting', posting
      USING ERRCODE = 'check_violation';
  END IF;
END
$$;
