CREATE TABLE "suppression_settings" (
	"system_id" integer PRIMARY KEY NOT NULL,
	"upload_row_limit" integer NOT NULL,
	CONSTRAINT "suppression_settings_limit" CHECK ("suppression_settings"."upload_row_limit" between 1 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "suppression_staging" (
	"upload_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"md5" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppression_uploads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suppression_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"system_id" integer NOT NULL,
	"scope" text NOT NULL,
	"owner_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" integer,
	"status" text DEFAULT 'receiving' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"accepted_rows" integer DEFAULT 0 NOT NULL,
	"rejected_rows" integer DEFAULT 0 NOT NULL,
	"bad_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"merged_rows" integer DEFAULT 0 NOT NULL,
	"added_rows" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	CONSTRAINT "suppression_uploads_status" CHECK ("suppression_uploads"."status" in ('receiving', 'queued', 'processing', 'done', 'failed', 'purged')),
	CONSTRAINT "suppression_uploads_scope" CHECK ("suppression_uploads"."scope" in ('opt_out', 'agency', 'client', 'campaign'))
);
--> statement-breakpoint
ALTER TABLE "suppression_entries" DROP CONSTRAINT "suppression_entries_md5";--> statement-breakpoint
ALTER TABLE "suppression_entries" ADD COLUMN "upload_id" bigint;--> statement-breakpoint
ALTER TABLE "suppression_settings" ADD CONSTRAINT "suppression_settings_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppression_uploads" ADD CONSTRAINT "suppression_uploads_system_id_systems_id_fk" FOREIGN KEY ("system_id") REFERENCES "public"."systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppression_uploads" ADD CONSTRAINT "suppression_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suppression_staging_upload_seq_idx" ON "suppression_staging" USING btree ("upload_id","seq");--> statement-breakpoint
CREATE INDEX "suppression_uploads_list_idx" ON "suppression_uploads" USING btree ("scope","owner_id","created_at");--> statement-breakpoint
ALTER TABLE "suppression_entries" ADD CONSTRAINT "suppression_entries_md5" CHECK ("suppression_entries"."md5" ~ '^([0-9a-f]{32}|[0-9a-f]{64})$');--> statement-breakpoint
-- An upload's keys live here for seconds, between the request's COPY and the merge: no WAL for them
-- (decision 0092). A crash empties the table; the merge then fails the upload instead of finishing it short.
ALTER TABLE "suppression_staging" SET UNLOGGED;
