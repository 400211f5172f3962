-- Send and sign (issue 22): proposals sent to clients (frozen snapshot and PDF, token kept as a
-- hash and sealed), the public routes' per-address request counts, the company's mail settings and
-- templates, and the outgoing mail queue.
CREATE TABLE "proposals" (
	"proposal_id" serial PRIMARY KEY NOT NULL,
	"proposal_estimate_id" integer NOT NULL,
	"proposal_token_hash" varchar(64) NOT NULL,
	"proposal_token_sealed" text NOT NULL,
	"proposal_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"proposal_sent_by" integer,
	"proposal_sent_by_name" varchar(301) DEFAULT '' NOT NULL,
	"proposal_to" jsonb NOT NULL,
	"proposal_cc" jsonb NOT NULL,
	"proposal_subject" varchar(200) NOT NULL,
	"proposal_message" text NOT NULL,
	"proposal_print_type" varchar(30) NOT NULL,
	"proposal_approval" boolean NOT NULL,
	"proposal_tc_ids" jsonb NOT NULL,
	"proposal_valid_until" date NOT NULL,
	"proposal_status" varchar(20) DEFAULT 'sent' NOT NULL,
	"proposal_withdrawn_reason" varchar(20),
	"proposal_viewed_at" timestamp with time zone,
	"proposal_view_count" integer DEFAULT 0 NOT NULL,
	"proposal_responded_at" timestamp with time zone,
	"proposal_delivery_error" text,
	"proposal_snapshot" jsonb NOT NULL,
	"proposal_pdf" "bytea" NOT NULL,
	"proposal_pdf_sha256" varchar(64) NOT NULL,
	"proposal_signed_pdf" "bytea",
	"proposal_signed_pdf_sha256" varchar(64),
	"proposal_signer_name" varchar(100),
	"proposal_signature" text,
	"proposal_signature_typed" varchar(100),
	"proposal_accepted_work_area_ids" jsonb,
	"proposal_client_ip" varchar(64),
	"proposal_client_user_agent" varchar(500),
	"proposal_response_message" text,
	"proposal_version" integer DEFAULT 1 NOT NULL,
	"proposal_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"proposal_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_hits" (
	"public_hit_client" varchar(64) NOT NULL,
	"public_hit_window" timestamp with time zone NOT NULL,
	"public_hit_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_mail" (
	"company_mail_id" integer PRIMARY KEY NOT NULL,
	"company_mail_host" varchar(253),
	"company_mail_port" integer,
	"company_mail_security" varchar(10) DEFAULT 'starttls' NOT NULL,
	"company_mail_username" varchar(254),
	"company_mail_password_sealed" text,
	"company_mail_from_address" varchar(254),
	"company_mail_subject_template" varchar(200),
	"company_mail_message_template" text,
	"company_mail_version" integer DEFAULT 1 NOT NULL,
	"company_mail_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"mail_id" serial PRIMARY KEY NOT NULL,
	"mail_proposal_id" integer,
	"mail_kind" varchar(20) NOT NULL,
	"mail_to" jsonb NOT NULL,
	"mail_cc" jsonb NOT NULL,
	"mail_reply_to" varchar(254),
	"mail_subject" varchar(300) NOT NULL,
	"mail_text" text NOT NULL,
	"mail_html" text NOT NULL,
	"mail_attachments" jsonb NOT NULL,
	"mail_status" varchar(10) DEFAULT 'queued' NOT NULL,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mail_last_error" text,
	"mail_locked_until" timestamp with time zone,
	"mail_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_proposal_estimate_id_estimates_estimate_id_fk" FOREIGN KEY ("proposal_estimate_id") REFERENCES "public"."estimates"("estimate_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_proposal_sent_by_users_user_id_fk" FOREIGN KEY ("proposal_sent_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_mail_proposal_id_proposals_proposal_id_fk" FOREIGN KEY ("mail_proposal_id") REFERENCES "public"."proposals"("proposal_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_token_hash_idx" ON "proposals" USING btree ("proposal_token_hash");--> statement-breakpoint
CREATE INDEX "proposals_estimate_idx" ON "proposals" USING btree ("proposal_estimate_id","proposal_sent_at");--> statement-breakpoint
CREATE INDEX "proposals_open_idx" ON "proposals" USING btree ("proposal_sent_at") WHERE "proposals"."proposal_status" in ('sent', 'viewed');--> statement-breakpoint
CREATE UNIQUE INDEX "public_hits_client_window_idx" ON "public_hits" USING btree ("public_hit_client","public_hit_window");--> statement-breakpoint
CREATE INDEX "public_hits_window_idx" ON "public_hits" USING btree ("public_hit_window");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("mail_status","mail_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_proposal_idx" ON "mail_outbox" USING btree ("mail_proposal_id");