CREATE TABLE "commission_payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commission_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"sales_user_id" integer NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"gateway" text NOT NULL,
	"destination_account_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"transfer_id" text,
	"posting_id" bigint,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "commission_payouts_once" UNIQUE("sales_user_id","period"),
	CONSTRAINT "commission_payouts_amount" CHECK ("commission_payouts"."amount" > 0),
	CONSTRAINT "commission_payouts_status" CHECK ("commission_payouts"."status" in ('pending', 'paid', 'failed')),
	CONSTRAINT "commission_payouts_period" CHECK ("commission_payouts"."period" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "commission_settings" (
	"system_id" integer PRIMARY KEY NOT NULL,
	"rate_bps" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_settings_rate" CHECK ("commission_settings"."rate_bps" between 0 and 5000)
);
--> statement-breakpoint
CREATE TABLE "sales_commissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_commissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"operation_id" bigint NOT NULL,
	"operation_settled_at" timestamp with time zone NOT NULL,
	"agency_id" integer NOT NULL,
	"sales_user_id" integer NOT NULL,
	"role" "sales_role" NOT NULL,
	"kind" text NOT NULL,
	"base" bigint NOT NULL,
	"rate_bps" integer NOT NULL,
	"amount" bigint NOT NULL,
	"posting_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_commissions_once" UNIQUE("operation_id","sales_user_id","kind"),
	CONSTRAINT "sales_commissions_kind" CHECK ("sales_commissions"."kind" in ('earned', 'reversed')),
	CONSTRAINT "sales_commissions_sign" CHECK (("sales_commissions"."kind" = 'earned' and "sales_commissions"."amount" >= 0) or ("sales_commissions"."kind" = 'reversed' and "sales_commissions"."amount" <= 0))
);
--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_sales_user_id_users_id_fk" FOREIGN KEY ("sales_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_operation_id_payment_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."payment_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_agency_id_companies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_sales_user_id_users_id_fk" FOREIGN KEY ("sales_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_payouts_pending_idx" ON "commission_payouts" USING btree ("created_at") WHERE "commission_payouts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sales_commissions_person_idx" ON "sales_commissions" USING btree ("sales_user_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_commissions_settled_idx" ON "sales_commissions" USING btree ("operation_settled_at");