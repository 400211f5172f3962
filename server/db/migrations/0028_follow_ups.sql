CREATE TABLE "company_follow_ups" (
	"follow_ups_id" integer PRIMARY KEY NOT NULL,
	"follow_ups_settings" jsonb NOT NULL,
	"follow_ups_version" integer DEFAULT 1 NOT NULL,
	"follow_ups_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "company_time_zone" varchar(64) DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "proposal_reminders" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "proposal_reminders_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "proposal_link_base" varchar(300);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "proposal_reminders_from" timestamp with time zone;