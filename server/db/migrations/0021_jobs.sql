CREATE TABLE "jobs" (
	"job_id" serial PRIMARY KEY NOT NULL,
	"job_kind" varchar(40) NOT NULL,
	"job_payload" jsonb NOT NULL,
	"job_owner_id" integer,
	"job_status" varchar(10) DEFAULT 'queued' NOT NULL,
	"job_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"job_attempts" integer DEFAULT 0 NOT NULL,
	"job_max_attempts" integer NOT NULL,
	"job_locked_until" timestamp with time zone,
	"job_locked_by" varchar(100),
	"job_progress_done" integer,
	"job_progress_total" integer,
	"job_progress_phase" varchar(200),
	"job_result" jsonb,
	"job_error" text,
	"job_cancel_requested" boolean DEFAULT false NOT NULL,
	"job_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"job_started_at" timestamp with time zone,
	"job_finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_job_owner_id_users_user_id_fk" FOREIGN KEY ("job_owner_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("job_status","job_run_at");--> statement-breakpoint
CREATE INDEX "jobs_owner_idx" ON "jobs" USING btree ("job_owner_id","job_status");