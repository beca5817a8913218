ALTER TABLE "suppression_entries" DROP CONSTRAINT "suppression_entries_md5";--> statement-breakpoint
ALTER TABLE "suppression_uploads" ADD COLUMN "merged_ranges" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "suppression_entries" ADD CONSTRAINT "suppression_entries_md5" CHECK (length("suppression_entries"."md5") in (32, 64) and "suppression_entries"."md5" ~ '^[0-9a-f]+$');--> statement-breakpoint
-- Uploads merged part-way before ranges were recorded: their watermark names the ranges (of 100,000) already in.
UPDATE "suppression_uploads" SET "merged_ranges" = ARRAY(SELECT generate_series(0, "merged_rows" - 1, 100000)) WHERE "merged_rows" > 0;
