ALTER TABLE "one_time_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
CREATE INDEX "token_families_parent_idx" ON "token_families" USING btree ("parent_family_id");