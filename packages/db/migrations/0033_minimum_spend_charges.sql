CREATE TABLE "minimum_spend_charges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "minimum_spend_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"month_index" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"plan_id" integer,
	"minimum" bigint NOT NULL,
	"spent" bigint NOT NULL,
	"shortfall" bigint NOT NULL,
	"status" text NOT NULL,
	"business_key" text NOT NULL,
	"operation_id" bigint,
	"charge_id" text,
	"failure_code" text,
	"failure_message" text,
	"notice_queued_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "minimum_spend_charges_once_per_month" UNIQUE("agency_id","start_date"),
	CONSTRAINT "minimum_spend_charges_business_key" UNIQUE("business_key"),
	CONSTRAINT "minimum_spend_charges_status" CHECK ("minimum_spend_charges"."status" in ('none', 'open', 'paid', 'failed')),
	CONSTRAINT "minimum_spend_charges_amounts" CHECK ("minimum_spend_charges"."minimum" >= 0 and "minimum_spend_charges"."shortfall" >= 0 and "minimum_spend_charges"."shortfall" <= "minimum_spend_charges"."minimum" and ("minimum_spend_charges"."status" = 'none') = ("minimum_spend_charges"."shortfall" = 0))
);
--> statement-breakpoint
ALTER TABLE "minimum_spend_charges" ADD CONSTRAINT "minimum_spend_charges_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minimum_spend_charges" ADD CONSTRAINT "minimum_spend_charges_agency_id_companies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "minimum_spend_charges_status_idx" ON "minimum_spend_charges" USING btree ("status");