CREATE TABLE "payment_operations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"business_key" text NOT NULL,
	"cause_kind" text NOT NULL,
	"description" text NOT NULL,
	"company_id" integer,
	"gateway" text NOT NULL,
	"customer_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"charge_id" text,
	"posting_id" bigint,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_operations_amount_positive" CHECK ("payment_operations"."amount" > 0),
	CONSTRAINT "payment_operations_status" CHECK ("payment_operations"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payment_operations_settled" CHECK (("payment_operations"."status" = 'pending') = ("payment_operations"."settled_at" is null) and ("payment_operations"."status" = 'succeeded') = ("payment_operations"."charge_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_operations_business_key_index" ON "payment_operations" USING btree ("business_key");--> statement-breakpoint
CREATE INDEX "payment_operations_status_created_at_index" ON "payment_operations" USING btree ("status","created_at");