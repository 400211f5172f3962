CREATE TABLE "office_settings" (
	"setting_key" varchar(40) PRIMARY KEY NOT NULL,
	"setting_value" jsonb NOT NULL,
	"setting_version" integer DEFAULT 1 NOT NULL,
	"setting_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_notices" (
	"notice_id" serial PRIMARY KEY NOT NULL,
	"notice_user_id" integer NOT NULL,
	"notice_proposal_id" integer NOT NULL,
	"notice_kind" varchar(20) NOT NULL,
	"notice_text" varchar(400) NOT NULL,
	"notice_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notice_seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "estimate_lost_reason" varchar(60);--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "estimate_lost_note" text;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "company_time_zone" varchar(64) DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "proposal_reminders" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "proposal_reminders_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "proposal_link_base" varchar(300);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "proposal_reminders_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "office_notices" ADD CONSTRAINT "office_notices_notice_user_id_users_user_id_fk" FOREIGN KEY ("notice_user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_notices" ADD CONSTRAINT "office_notices_notice_proposal_id_proposals_proposal_id_fk" FOREIGN KEY ("notice_proposal_id") REFERENCES "public"."proposals"("proposal_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_notices_user_idx" ON "office_notices" USING btree ("notice_user_id","notice_seen_at");