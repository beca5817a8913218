CREATE TABLE "data_wallet_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"system_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"custom_amount" boolean NOT NULL,
	"stop_continual" boolean NOT NULL,
	"topup_due_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "data_wallet_settings_amount" CHECK ("data_wallet_settings"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "billing_lots" ADD COLUMN "lapsed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_wallet_settings" ADD CONSTRAINT "data_wallet_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_wallet_settings" ADD CONSTRAINT "data_wallet_settings_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_wallet_settings_due_idx" ON "data_wallet_settings" USING btree ("topup_due_at") WHERE "data_wallet_settings"."topup_due_at" is not null;--> statement-breakpoint
ALTER TABLE "billing_lots" ADD CONSTRAINT "billing_lots_lapse" CHECK ("billing_lots"."lapsed_at" is null or "billing_lots"."expires_at" is not null);