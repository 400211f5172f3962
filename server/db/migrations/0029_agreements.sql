CREATE SEQUENCE "public"."billing_invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "agreements" (
	"agreement_id" serial PRIMARY KEY NOT NULL,
	"agreement_version" integer DEFAULT 1 NOT NULL,
	"agreement_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agreement_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agreement_number" serial NOT NULL,
	"customer_id" integer,
	"agreement_customer_name" varchar(250),
	"site_id" integer,
	"agreement_site_name" varchar(250),
	"estimate_id" integer,
	"agreement_revision" integer,
	"agreement_proposal_id" integer,
	"agreement_salesperson" integer NOT NULL,
	"agreement_start_date" varchar(10) NOT NULL,
	"agreement_end_date" varchar(10) NOT NULL,
	"agreement_status" varchar(10) DEFAULT 'active' NOT NULL,
	"agreement_contract_value" numeric(12, 2) DEFAULT 0 NOT NULL,
	"agreement_planned_hours" numeric(12, 2) DEFAULT 0 NOT NULL,
	"agreement_signed_on" varchar(10),
	"agreement_cancelled_on" varchar(10),
	"agreement_notes" text,
	"agreement_search_text" text GENERATED ALWAYS AS (lower(coalesce("agreement_number"::text, '') || chr(31) || coalesce("agreement_customer_name", '') || chr(31) || coalesce("agreement_site_name", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "agreement_lines" (
	"agreement_line_id" serial PRIMARY KEY NOT NULL,
	"agreement_line_agreement_id" integer NOT NULL,
	"agreement_line_work_area_id" integer NOT NULL,
	"agreement_line_position" integer NOT NULL,
	"agreement_line_name" varchar(150) NOT NULL,
	"agreement_line_amount" numeric(12, 2) NOT NULL,
	"agreement_line_tax_code" varchar(10) NOT NULL,
	"agreement_line_basis" varchar(20) NOT NULL,
	"agreement_line_installments" integer,
	"agreement_line_rrule" text,
	"agreement_line_visit_price" numeric(12, 2),
	"agreement_line_planned_hours" numeric(10, 2) DEFAULT 0 NOT NULL,
	"agreement_line_material_cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"agreement_line_planned_visits" integer DEFAULT 1 NOT NULL,
	"agreement_line_version" integer DEFAULT 1 NOT NULL,
	"agreement_line_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agreement_line_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreement_scans" (
	"agreement_scan_agreement_id" integer PRIMARY KEY NOT NULL,
	"agreement_scan_content_type" varchar(40) NOT NULL,
	"agreement_scan_bytes" "bytea" NOT NULL,
	"agreement_scan_sha256" varchar(64) NOT NULL,
	"agreement_scan_uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agreement_scan_uploaded_by" integer
);
--> statement-breakpoint
CREATE TABLE "billed_lines" (
	"billed_line_key" varchar(80) PRIMARY KEY NOT NULL,
	"billed_line_export_id" integer NOT NULL,
	"billed_line_customer_id" integer NOT NULL,
	"billed_line_agreement_id" integer NOT NULL,
	"billed_line_line_id" integer NOT NULL,
	"billed_line_visit_id" integer,
	"billed_line_invoice_number" integer NOT NULL,
	"billed_line_date" date NOT NULL,
	"billed_line_description" varchar(400) NOT NULL,
	"billed_line_quantity" numeric(10, 2) NOT NULL,
	"billed_line_rate" numeric(12, 2) NOT NULL,
	"billed_line_amount" numeric(12, 2) NOT NULL,
	"billed_line_tax" numeric(12, 2) NOT NULL,
	"billed_line_source" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_exports" (
	"billing_export_id" serial PRIMARY KEY NOT NULL,
	"billing_export_month" varchar(7) NOT NULL,
	"billing_export_invoices" integer NOT NULL,
	"billing_export_lines" integer NOT NULL,
	"billing_export_total" numeric(12, 2) NOT NULL,
	"billing_export_first_invoice" integer NOT NULL,
	"billing_export_last_invoice" integer NOT NULL,
	"billing_export_csv" text NOT NULL,
	"billing_export_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"billing_export_created_by" integer,
	"billing_export_created_by_name" varchar(301) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"visit_id" serial PRIMARY KEY NOT NULL,
	"visit_agreement_id" integer NOT NULL,
	"visit_line_id" integer NOT NULL,
	"visit_date" date NOT NULL,
	"visit_planned_date" date NOT NULL,
	"visit_status" varchar(10) DEFAULT 'planned' NOT NULL,
	"visit_crew" varchar(100) DEFAULT '' NOT NULL,
	"visit_actual_hours" numeric(10, 2),
	"visit_materials" numeric(12, 2),
	"visit_notes" text DEFAULT '' NOT NULL,
	"visit_completed_at" timestamp with time zone,
	"visit_completed_by" integer,
	"visit_version" integer DEFAULT 1 NOT NULL,
	"visit_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"visit_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_estimate_id_estimates_estimate_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("estimate_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_agreement_salesperson_users_user_id_fk" FOREIGN KEY ("agreement_salesperson") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_lines" ADD CONSTRAINT "agreement_lines_agreement_line_agreement_id_agreements_agreement_id_fk" FOREIGN KEY ("agreement_line_agreement_id") REFERENCES "public"."agreements"("agreement_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_scans" ADD CONSTRAINT "agreement_scans_agreement_scan_agreement_id_agreements_agreement_id_fk" FOREIGN KEY ("agreement_scan_agreement_id") REFERENCES "public"."agreements"("agreement_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_scans" ADD CONSTRAINT "agreement_scans_agreement_scan_uploaded_by_users_user_id_fk" FOREIGN KEY ("agreement_scan_uploaded_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billed_lines" ADD CONSTRAINT "billed_lines_billed_line_export_id_billing_exports_billing_export_id_fk" FOREIGN KEY ("billed_line_export_id") REFERENCES "public"."billing_exports"("billing_export_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billed_lines" ADD CONSTRAINT "billed_lines_billed_line_line_id_agreement_lines_agreement_line_id_fk" FOREIGN KEY ("billed_line_line_id") REFERENCES "public"."agreement_lines"("agreement_line_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_exports" ADD CONSTRAINT "billing_exports_billing_export_created_by_users_user_id_fk" FOREIGN KEY ("billing_export_created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_visit_agreement_id_agreements_agreement_id_fk" FOREIGN KEY ("visit_agreement_id") REFERENCES "public"."agreements"("agreement_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_visit_line_id_agreement_lines_agreement_line_id_fk" FOREIGN KEY ("visit_line_id") REFERENCES "public"."agreement_lines"("agreement_line_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_visit_completed_by_users_user_id_fk" FOREIGN KEY ("visit_completed_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreements_search_text_trgm" ON "agreements" USING gin ("agreement_search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_agreement_number_key" ON "agreements" USING btree ("agreement_number");--> statement-breakpoint
CREATE INDEX "agreements_customer_id_idx" ON "agreements" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "agreements_agreement_customer_name_lower_idx" ON "agreements" USING btree (lower("agreement_customer_name"));--> statement-breakpoint
CREATE INDEX "agreements_site_id_idx" ON "agreements" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "agreements_agreement_site_name_lower_idx" ON "agreements" USING btree (lower("agreement_site_name"));--> statement-breakpoint
CREATE INDEX "agreements_estimate_id_idx" ON "agreements" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "agreements_agreement_salesperson_idx" ON "agreements" USING btree ("agreement_salesperson");--> statement-breakpoint
CREATE INDEX "agreements_agreement_start_date_lower_idx" ON "agreements" USING btree (lower("agreement_start_date"));--> statement-breakpoint
CREATE INDEX "agreements_agreement_end_date_lower_idx" ON "agreements" USING btree (lower("agreement_end_date"));--> statement-breakpoint
CREATE INDEX "agreements_agreement_status_lower_idx" ON "agreements" USING btree (lower("agreement_status"));--> statement-breakpoint
CREATE INDEX "agreements_agreement_contract_value_idx" ON "agreements" USING btree ("agreement_contract_value");--> statement-breakpoint
CREATE INDEX "agreement_lines_agreement_idx" ON "agreement_lines" USING btree ("agreement_line_agreement_id","agreement_line_position");--> statement-breakpoint
CREATE INDEX "billed_lines_export_idx" ON "billed_lines" USING btree ("billed_line_export_id");--> statement-breakpoint
CREATE INDEX "billed_lines_line_idx" ON "billed_lines" USING btree ("billed_line_line_id");--> statement-breakpoint
CREATE INDEX "billed_lines_visit_idx" ON "billed_lines" USING btree ("billed_line_visit_id");--> statement-breakpoint
CREATE INDEX "visits_date_idx" ON "visits" USING btree ("visit_date");--> statement-breakpoint
CREATE INDEX "visits_line_idx" ON "visits" USING btree ("visit_line_id","visit_date");--> statement-breakpoint
CREATE INDEX "visits_agreement_idx" ON "visits" USING btree ("visit_agreement_id","visit_date");