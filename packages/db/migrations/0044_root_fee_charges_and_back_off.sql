CREATE TABLE "root_fee_charges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "root_fee_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"invoice_id" bigint,
	"setup_fee" bigint NOT NULL,
	"period_fee" bigint NOT NULL,
	"charged_at" timestamp with time zone NOT NULL,
	"statement_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "root_fee_charges_source_key" UNIQUE("source_key"),
	CONSTRAINT "root_fee_charges_kind" CHECK ("root_fee_charges"."kind" in ('activation', 'period_fee')),
	CONSTRAINT "root_fee_charges_amounts" CHECK ("root_fee_charges"."setup_fee" >= 0 and "root_fee_charges"."period_fee" >= 0 and "root_fee_charges"."setup_fee" + "root_fee_charges"."period_fee" > 0),
	CONSTRAINT "root_fee_charges_source" CHECK (("root_fee_charges"."kind" = 'period_fee') = ("root_fee_charges"."invoice_id" is not null) and ("root_fee_charges"."kind" = 'activation' or "root_fee_charges"."setup_fee" = 0))
);
--> statement-breakpoint
ALTER TABLE "root_fee_statements" ADD COLUMN "fee_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "root_fee_statements" ADD COLUMN "first_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "root_fee_statements" ADD COLUMN "retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "root_fee_statements" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "root_fee_charges" ADD CONSTRAINT "root_fee_charges_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "root_fee_charges" ADD CONSTRAINT "root_fee_charges_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "root_fee_charges" ADD CONSTRAINT "root_fee_charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "root_fee_charges" ADD CONSTRAINT "root_fee_charges_statement_id_root_fee_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."root_fee_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "root_fee_charges_unstated_idx" ON "root_fee_charges" USING btree ("system_id","charged_at") WHERE "root_fee_charges"."statement_id" is null;--> statement-breakpoint
CREATE INDEX "root_fee_charges_statement_idx" ON "root_fee_charges" USING btree ("statement_id");--> statement-breakpoint
ALTER TABLE "root_fee_statements" ADD CONSTRAINT "root_fee_statements_retries" CHECK ("root_fee_statements"."retries" >= 0);--> statement-breakpoint
-- Custom (decision 0088): a statement refused before the back-off existed is due for its next attempt now.
UPDATE "root_fee_statements" SET "next_attempt_at" = now() WHERE "status" = 'failed' AND "next_attempt_at" IS NULL;
