CREATE TABLE "email_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_commissions" DROP CONSTRAINT "sales_commissions_once";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prepaid_refunds" ADD COLUMN "commissions_reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD COLUMN "refund_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_message_id_email_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."email_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_attachments_message_position" ON "email_attachments" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "invoices_email_due_idx" ON "invoices" USING btree ("id") WHERE "invoices"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "prepaid_refunds_commissions_due_idx" ON "prepaid_refunds" USING btree ("id") WHERE "prepaid_refunds"."status" = 'refunded' and "prepaid_refunds"."commissions_reversed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_messages_dedupe_key" ON "email_messages" USING btree ("dedupe_key");--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_once" UNIQUE("operation_id","sales_user_id","kind","refund_key");--> statement-breakpoint
-- Invoices issued before their e-mail existed are not mailed now (decision 0084).
UPDATE "invoices" SET "emailed_at" = "issued_at";
