ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_pause_reason";--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_pause_reason" CHECK (("campaigns"."status" = 'paused_on_run') = ("campaigns"."pause_reason" is not null)
        and ("campaigns"."pause_reason" is null
          or "campaigns"."pause_reason" in ('limit', 'module_unavailable', 'balance', 'payment_failed')));