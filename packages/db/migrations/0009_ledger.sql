CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"kind" text NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_kind_key" UNIQUE NULLS NOT DISTINCT("system_id","kind","company_id","user_id","reference"),
	CONSTRAINT "ledger_accounts_kind_format" CHECK ("ledger_accounts"."kind" ~ '^[a-z][a-z0-9_]{0,62}$'),
	CONSTRAINT "ledger_accounts_one_owner" CHECK (num_nonnulls("ledger_accounts"."company_id", "ledger_accounts"."user_id") <= 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"posting_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_lines_amount_nonzero" CHECK ("ledger_lines"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"cause_kind" text NOT NULL,
	"description" text NOT NULL,
	"business_key" text NOT NULL,
	"company_id" integer,
	"gateway" text,
	"gateway_object_id" text,
	"line_count" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_business_key" UNIQUE("business_key"),
	CONSTRAINT "ledger_postings_cause_format" CHECK ("ledger_postings"."cause_kind" ~ '^[a-z][a-z0-9_]{0,62}$'),
	CONSTRAINT "ledger_postings_description_present" CHECK (length(btrim("ledger_postings"."description")) > 0),
	CONSTRAINT "ledger_postings_business_key_present" CHECK (length(btrim("ledger_postings"."business_key")) > 0),
	CONSTRAINT "ledger_postings_gateway_pair" CHECK (("ledger_postings"."gateway" is null) = ("ledger_postings"."gateway_object_id" is null)),
	CONSTRAINT "ledger_postings_line_count" CHECK ("ledger_postings"."line_count" >= 2)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_lines_posting_idx" ON "ledger_lines" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_statement_idx" ON "ledger_lines" USING btree ("account_id","posted_at","id","amount");--> statement-breakpoint
CREATE INDEX "ledger_postings_company_time_idx" ON "ledger_postings" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_postings_gateway_object_idx" ON "ledger_postings" USING btree ("gateway","gateway_object_id");--> statement-breakpoint
-- Hand-written below (Drizzle does not model triggers); decision 0029. The ledger is append-only:
-- a posted row is never updated or deleted, corrections are new postings.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation', HINT = 'Correct an amount with a new posting.';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_append_only" BEFORE UPDATE OR DELETE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_append_only" BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_append_only" BEFORE UPDATE OR DELETE ON "ledger_lines"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_no_truncate" BEFORE TRUNCATE ON "ledger_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
-- At commit, every posting that got rows in the transaction is whole: exactly the lines it was
-- posted with (none added later), summing to zero, all on accounts of its own system, each dated
-- with the posting's time (a line's copy of it lets statements filter and order from the lines'
-- own index).
CREATE FUNCTION "ledger_assert_posting_whole"(posting bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  header record;
  found_lines bigint;
  total numeric;
  restamped bigint;
  foreign_lines bigint;
BEGIN
  SELECT p.line_count, p.system_id, p.created_at INTO header FROM ledger_postings p WHERE p.id = posting;
  -- The account's system is read per line through its primary key: a plan that cannot turn into
  -- a scan of every account, whatever the statistics say when the plan is cached.
  SELECT count(*), coalesce(sum(l.amount), 0),
         count(*) FILTER (WHERE l.posted_at <> header.created_at),
         count(*) FILTER (WHERE (SELECT a.system_id FROM ledger_accounts a WHERE a.id = l.account_id) <> header.system_id)
    INTO found_lines, total, restamped, foreign_lines
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
  IF restamped > 0 THEN
    RAISE EXCEPTION 'ledger posting % has lines dated otherwise than the posting', posting
      USING ERRCODE = 'check_violation';
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "ledger_check_posting_whole"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'ledger_postings' THEN
    PERFORM ledger_assert_posting_whole(NEW.id);
  ELSE
    PERFORM ledger_assert_posting_whole(NEW.posting_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_postings_whole" AFTER INSERT ON "ledger_postings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_posting_whole"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_lines_whole" AFTER INSERT ON "ledger_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_posting_whole"();
