CREATE TABLE "root_fee_statements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "root_fee_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"master_system_id" integer NOT NULL,
	"month" text NOT NULL,
	"lead_count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"gateway" text,
	"destination_account_id" text,
	"transfer_id" text,
	"failure" text,
	"payable_posting_id" bigint,
	"receivable_posting_id" bigint,
	"paid_posting_id" bigint,
	"received_posting_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "root_fee_statements_once" UNIQUE("system_id","month"),
	CONSTRAINT "root_fee_statements_amount" CHECK ("root_fee_statements"."amount" >= 0 and "root_fee_statements"."lead_count" >= 0),
	CONSTRAINT "root_fee_statements_status" CHECK ("root_fee_statements"."status" in ('due', 'paid', 'failed', 'nothing_due') and ("root_fee_statements"."status" = 'nothing_due') = ("root_fee_statements"."amount" = 0)),
	CONSTRAINT "root_fee_statements_month" CHECK ("root_fee_statements"."month" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "root_fee_statements_not_to_itself" CHECK ("root_fee_statements"."system_id" <> "root_fee_statements"."master_system_id")
);
--> statement-breakpoint
ALTER TABLE "root_fee_statements" ADD CONSTRAINT "root_fee_statements_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "root_fee_statements" ADD CONSTRAINT "root_fee_statements_master_system_id_systems_id_fk" FOREIGN KEY ("master_system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "root_fee_statements" ADD CONSTRAINT "root_fee_statements_payable_posting_id_ledger_postings_id_fk" FOREIGN KEY ("payable_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "root_fee_statements" ADD CONSTRAINT "root_fee_statements_receivable_posting_id_ledger_postings_id_fk" FOREIGN KEY ("receivable_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "root_fee_statements" ADD CONSTRAINT "root_fee_statements_paid_posting_id_ledger_postings_id_fk" FOREIGN KEY ("paid_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "root_fee_statements" ADD CONSTRAINT "root_fee_statements_received_posting_id_ledger_postings_id_fk" FOREIGN KEY ("received_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "root_fee_statements_master_idx" ON "root_fee_statements" USING btree ("master_system_id","month");--> statement-breakpoint
CREATE INDEX "root_fee_statements_open_idx" ON "root_fee_statements" USING btree ("id") WHERE "root_fee_statements"."status" in ('due', 'failed');--> statement-breakpoint
CREATE INDEX "leads_system_created_idx" ON "leads" USING btree ("system_id","created_at");