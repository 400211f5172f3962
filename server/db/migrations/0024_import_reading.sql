CREATE TABLE "import_file_parts" (
	"import_file_part_import_id" integer NOT NULL,
	"import_file_part_no" integer NOT NULL,
	"import_file_part_data" text NOT NULL,
	CONSTRAINT "import_file_parts_import_file_part_import_id_import_file_part_no_pk" PRIMARY KEY("import_file_part_import_id","import_file_part_no")
);
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "import_undo_steps_done" integer;--> statement-breakpoint
ALTER TABLE "import_file_parts" ADD CONSTRAINT "import_file_parts_import_file_part_import_id_imports_import_id_fk" FOREIGN KEY ("import_file_part_import_id") REFERENCES "public"."imports"("import_id") ON DELETE cascade ON UPDATE no action;