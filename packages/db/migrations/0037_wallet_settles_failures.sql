ALTER TABLE "payment_failures" DROP CONSTRAINT "payment_failures_settled";--> statement-breakpoint
ALTER TABLE "payment_failures" ADD CONSTRAINT "payment_failures_settled" CHECK (("payment_failures"."settled_at" is null) = ("payment_failures"."settlement" is null)
        and coalesce("payment_failures"."settlement" = 'paid', false) = ("payment_failures"."settled_by_operation_id" is not null)
        and ("payment_failures"."settlement" is null or "payment_failures"."settlement" in ('paid', 'wallet', 'campaign_removed')));