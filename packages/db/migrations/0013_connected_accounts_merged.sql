ALTER TABLE "payment_accounts" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "detached_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (decision 0033): connected_accounts merges into payment_accounts. First, an owner the
-- webhooks stored more than one account for keeps its newest one live; the others are detached.
UPDATE "payment_accounts" p SET "detached_at" = now()
 WHERE p."company_id" IS NOT NULL AND EXISTS (
   SELECT 1 FROM "payment_accounts" q
    WHERE q."company_id" = p."company_id" AND (q."updated_at", q."account_id") > (p."updated_at", p."account_id"));--> statement-breakpoint
UPDATE "payment_accounts" p SET "detached_at" = now()
 WHERE p."user_id" IS NOT NULL AND EXISTS (
   SELECT 1 FROM "payment_accounts" q
    WHERE q."user_id" = p."user_id" AND (q."updated_at", q."account_id") > (p."updated_at", p."account_id"));--> statement-breakpoint
-- Hand-written: the old table's accounts that name a provider account and have a status move over
-- ('none' was the empty status, which is no row now); an owner already known from webhooks keeps
-- that (fresher) row. Its requirements were a list of what is due.
INSERT INTO "payment_accounts" ("gateway", "account_id", "company_id", "status", "charges_enabled",
    "payouts_enabled", "requirements", "state_as_of", "updated_at")
  SELECT ca."gateway", ca."external_account_id", ca."company_id", ca."status"::text, ca."charges_enabled",
         ca."payouts_enabled",
         jsonb_build_object('currentlyDue', ca."requirements", 'pastDue', '[]'::jsonb,
                            'pendingVerification', '[]'::jsonb, 'disabledReason', null),
         0, ca."updated_at"
    FROM "connected_accounts" ca
   WHERE ca."external_account_id" IS NOT NULL AND ca."status" <> 'none'
     AND NOT EXISTS (SELECT 1 FROM "payment_accounts" p
                      WHERE p."company_id" = ca."company_id" AND p."detached_at" IS NULL)
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "connected_accounts" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "connected_accounts" CASCADE;--> statement-breakpoint
DROP INDEX "payment_accounts_company_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_live_company_idx" ON "payment_accounts" USING btree ("company_id") WHERE "payment_accounts"."detached_at" is null and "payment_accounts"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_accounts_live_user_idx" ON "payment_accounts" USING btree ("user_id") WHERE "payment_accounts"."detached_at" is null and "payment_accounts"."user_id" is not null;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_one_owner" CHECK ("payment_accounts"."company_id" is null or "payment_accounts"."user_id" is null);--> statement-breakpoint
DROP TYPE "public"."account_status";
