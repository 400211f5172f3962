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
ALTER TABLE "office_notices" ADD CONSTRAINT "office_notices_notice_user_id_users_user_id_fk" FOREIGN KEY ("notice_user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_notices" ADD CONSTRAINT "office_notices_notice_proposal_id_proposals_proposal_id_fk" FOREIGN KEY ("notice_proposal_id") REFERENCES "public"."proposals"("proposal_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_notices_user_idx" ON "office_notices" USING btree ("notice_user_id","notice_seen_at");