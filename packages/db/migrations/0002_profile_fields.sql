ALTER TABLE "companies" ADD COLUMN "industry_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "questionnaire_answers" jsonb;