CREATE TABLE "job_files" (
	"job_file_job_id" integer PRIMARY KEY NOT NULL,
	"job_file_name" varchar(255) NOT NULL,
	"job_file_content_type" varchar(100) NOT NULL,
	"job_file_data" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_file_job_id_jobs_job_id_fk" FOREIGN KEY ("job_file_job_id") REFERENCES "public"."jobs"("job_id") ON DELETE cascade ON UPDATE no action;