CREATE TABLE "reconciliation_differences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_differences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"run_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"operation_key" text,
	"gateway_object_id" text,
	"company_id" integer,
	"ours" bigint,
	"theirs" bigint
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"run_date" date NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"checked" integer NOT NULL,
	"difference_count" integer NOT NULL,
	"totals" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_differences_run_idx" ON "reconciliation_differences" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_system_gateway_day_idx" ON "reconciliation_runs" USING btree ("system_id","gateway","run_date");