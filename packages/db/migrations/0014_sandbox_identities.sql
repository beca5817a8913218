CREATE TABLE "sandbox_identities" (
	"id" integer PRIMARY KEY NOT NULL,
	"identity_id" text NOT NULL,
	"email_md5" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"emails" text[] NOT NULL,
	"phones" text[] NOT NULL,
	"street" text,
	"city" text,
	"city_key" text,
	"state" text,
	"zip" text,
	"company_name" text,
	"job_title" text,
	"industry" text,
	"company_size" text,
	"keywords" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_identity_sets" (
	"id" integer PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"generator" integer NOT NULL,
	"people" integer NOT NULL,
	"generated_ms" bigint NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_identities_identity_idx" ON "sandbox_identities" USING btree ("identity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_identities_email_md5_idx" ON "sandbox_identities" USING btree ("email_md5");--> statement-breakpoint
CREATE INDEX "sandbox_identities_state_idx" ON "sandbox_identities" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "sandbox_identities_city_idx" ON "sandbox_identities" USING btree ("state","city_key","id");--> statement-breakpoint
CREATE INDEX "sandbox_identities_zip_idx" ON "sandbox_identities" USING btree ("zip","id");--> statement-breakpoint
CREATE INDEX "sandbox_identities_keywords_idx" ON "sandbox_identities" USING gin ("keywords");--> statement-breakpoint
CREATE INDEX "sandbox_identities_b2b_idx" ON "sandbox_identities" USING btree ("id") WHERE "sandbox_identities"."company_name" is not null;