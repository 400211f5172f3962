CREATE TABLE "company_lost_reasons" (
	"lost_reasons_id" integer PRIMARY KEY NOT NULL,
	"lost_reasons_list" jsonb NOT NULL,
	"lost_reasons_version" integer DEFAULT 1 NOT NULL,
	"lost_reasons_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "estimate_lost_reason" varchar(60);--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "estimate_lost_note" text;