ALTER TABLE "payment_events" ADD COLUMN "system_id" integer;--> statement-breakpoint
ALTER TABLE "systems" ADD COLUMN "stripe_secret_key_sealed" text;--> statement-breakpoint
ALTER TABLE "systems" ADD COLUMN "stripe_webhook_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A system's Stripe secret key is useless without its webhook secret (account state arrives by webhook): both or neither.
ALTER TABLE "systems" ADD CONSTRAINT "systems_stripe_keys_together" CHECK (("stripe_secret_key_sealed" IS NULL) = ("stripe_webhook_secret_sealed" IS NULL));
