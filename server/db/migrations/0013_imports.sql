CREATE TABLE "imports" (
	"import_id" serial PRIMARY KEY NOT NULL,
	"import_kind" varchar(20) NOT NULL,
	"import_file_name" varchar(255) NOT NULL,
	"import_user_id" integer,
	"import_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"import_status" varchar(12) DEFAULT 'pending' NOT NULL,
	"import_columns" jsonb NOT NULL,
	"import_rows" jsonb NOT NULL,
	"import_row_count" integer NOT NULL,
	"import_mapping" jsonb,
	"import_duplicates" varchar(10) DEFAULT 'skip' NOT NULL,
	"import_created" integer DEFAULT 0 NOT NULL,
	"import_updated" integer DEFAULT 0 NOT NULL,
	"import_skipped" integer DEFAULT 0 NOT NULL,
	"import_committed_at" timestamp with time zone,
	"import_undone_at" timestamp with time zone,
	"import_undo" jsonb
);
--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_import_user_id_users_user_id_fk" FOREIGN KEY ("import_user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_created_at_idx" ON "imports" USING btree ("import_created_at");