CREATE TABLE "api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"secret_sha256" text NOT NULL,
	"secret_hint" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_from_id" integer,
	"revoked_at" timestamp with time zone,
	"revoked_by_user_id" integer,
	"revoke_reason" text,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_clientId_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "api_request_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_request_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"url" text NOT NULL,
	"status" smallint NOT NULL,
	"duration_ms" integer NOT NULL,
	"ip" text NOT NULL,
	"idempotency_key" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "developer_settings" (
	"system_id" integer PRIMARY KEY NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "developer_settings_fee" CHECK ("developer_settings"."fee_cents" >= 0 and "developer_settings"."fee_cents" <= 10000000)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text DEFAULT 'done' NOT NULL,
	"result_id" text,
	"error" jsonb,
	"response" jsonb,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "idempotency_keys_state" CHECK ("idempotency_keys"."state" in ('started', 'done'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_user_id_users_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_request_log" ADD CONSTRAINT "api_request_log_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "developer_settings" ADD CONSTRAINT "developer_settings_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "developer_settings" ADD CONSTRAINT "developer_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "api_request_log_key_at_idx" ON "api_request_log" USING btree ("key_id","at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_result_idx" ON "idempotency_keys" USING btree ("result_id");;--> statement-breakpoint
-- The two sandboxes' idempotency keys move into the one store (decision 0097), with their scopes named.
INSERT INTO "idempotency_keys" ("scope", "key", "operation", "fingerprint", "state", "result_id", "error", "created_at")
  SELECT 'sandbox-payments:' || "scope", "key", "operation", "fingerprint", 'done', "result_id", "error", "created_at" FROM "sandbox_idempotency";--> statement-breakpoint
INSERT INTO "idempotency_keys" ("scope", "key", "operation", "fingerprint", "state", "result_id", "created_at")
  SELECT 'sandbox-ad', "key", "operation", "fingerprint", 'done', "result_id", "created_at" FROM "sandbox_ad_idempotency";--> statement-breakpoint
DROP TABLE "sandbox_ad_idempotency" CASCADE;--> statement-breakpoint
DROP TABLE "sandbox_idempotency" CASCADE;--> statement-breakpoint
-- Rate limits now live in rate-limiter-flexible's table (decision 0098); open windows simply restart.
DROP TABLE "rate_limit_counters" CASCADE;
