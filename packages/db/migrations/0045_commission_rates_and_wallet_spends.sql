CREATE TABLE "commission_rate_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commission_rate_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rate_changes_rate" CHECK ("commission_rate_changes"."rate_bps" between 0 and 5000)
);
--> statement-breakpoint
ALTER TABLE "sales_commissions" ALTER COLUMN "operation_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "prepaid_refunds" ADD COLUMN "wallet_parts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD COLUMN "spend_posting_id" bigint;--> statement-breakpoint
ALTER TABLE "commission_rate_changes" ADD CONSTRAINT "commission_rate_changes_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rate_changes" ADD CONSTRAINT "commission_rate_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_rate_changes_system_idx" ON "commission_rate_changes" USING btree ("system_id","effective_from","id");--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_spend_posting_id_ledger_postings_id_fk" FOREIGN KEY ("spend_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_commissions_spend_settled_idx" ON "sales_commissions" USING btree ("operation_settled_at") WHERE "sales_commissions"."spend_posting_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_postings_wallet_spend_idx" ON "ledger_postings" USING btree ("created_at","id") WHERE "ledger_postings"."cause_kind" = 'wallet_spend';--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_spend_once" UNIQUE("spend_posting_id","sales_user_id","kind","refund_key");--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_source" CHECK (num_nonnulls("sales_commissions"."operation_id", "sales_commissions"."spend_posting_id") = 1);--> statement-breakpoint
-- Systems that had a rate keep it for all money collected so far (decision 0089).
INSERT INTO "commission_rate_changes" ("system_id", "rate_bps", "effective_from") SELECT "system_id", "rate_bps", '1970-01-01T00:00:00Z' FROM "commission_settings";
