CREATE TABLE "import_writes" (
	"import_write_id" serial PRIMARY KEY NOT NULL,
	"import_write_import_id" integer NOT NULL,
	"import_write_undo" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "import_job_id" integer;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "import_error" text;--> statement-breakpoint
ALTER TABLE "import_writes" ADD CONSTRAINT "import_writes_import_write_import_id_imports_import_id_fk" FOREIGN KEY ("import_write_import_id") REFERENCES "public"."imports"("import_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_writes_import_idx" ON "import_writes" USING btree ("import_write_import_id");--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_import_job_id_jobs_job_id_fk" FOREIGN KEY ("import_job_id") REFERENCES "public"."jobs"("job_id") ON DELETE set null ON UPDATE no action;