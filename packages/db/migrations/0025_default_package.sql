ALTER TABLE "systems" ADD COLUMN "default_package_id" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
-- Hand-written (decision 0061): every agency created before this had no package unless the platform's
-- staff set one through the API (there was no screen), so none of them could ever add clients. They
-- get their system's default package, as an agency created from now on does.
UPDATE "companies" c SET "package_id" = s."default_package_id"
  FROM "systems" s
 WHERE c."system_id" = s."id" AND c."kind" = 'agency' AND c."package_id" = '';
