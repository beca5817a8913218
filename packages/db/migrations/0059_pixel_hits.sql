CREATE TABLE "pixel_hits" (
	"campaign" text NOT NULL,
	"ip" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "pixel_hits_campaign_ip_pk" PRIMARY KEY("campaign","ip")
);
--> statement-breakpoint
CREATE INDEX "pixel_hits_window_start_idx" ON "pixel_hits" USING btree ("window_start");