CREATE TABLE "estimates" (
	"estimate_id" serial PRIMARY KEY NOT NULL,
	"estimate_version" integer DEFAULT 1 NOT NULL,
	"estimate_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"estimate_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_id" integer NOT NULL,
	"customer_id" integer,
	"estimate_number" serial NOT NULL,
	"estimate_project_name" varchar(150) NOT NULL,
	"estimate_status" integer DEFAULT 0 NOT NULL,
	"estimate_subtotal" numeric(12, 2) DEFAULT 0 NOT NULL,
	"estimate_salesperson" integer NOT NULL,
	"estimate_estimator" integer NOT NULL,
	"estimate_updated_by" integer,
	"estimate_is_archived" boolean DEFAULT false NOT NULL,
	"estimate_discount" numeric(5, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_areas" (
	"template_area_id" serial PRIMARY KEY NOT NULL,
	"template_area_version" integer DEFAULT 1 NOT NULL,
	"template_area_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"template_area_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"template_area_category" varchar(10) NOT NULL,
	"template_area_name" varchar(150) NOT NULL,
	"template_area_position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_items" (
	"template_item_id" serial PRIMARY KEY NOT NULL,
	"template_item_version" integer DEFAULT 1 NOT NULL,
	"template_item_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"template_item_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"template_area_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"template_item_size" numeric(16, 4),
	"template_item_quantity" numeric(15, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_area_items" (
	"work_area_item_id" serial PRIMARY KEY NOT NULL,
	"work_area_item_version" integer DEFAULT 1 NOT NULL,
	"work_area_item_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"work_area_item_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"work_area_id" integer NOT NULL,
	"item_id" integer,
	"work_area_item_name" varchar(150) NOT NULL,
	"work_area_item_size" numeric(16, 4),
	"work_area_item_quantity" numeric(15, 3) NOT NULL,
	"work_area_item_units" varchar(50),
	"work_area_item_unit_cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"work_area_item_unit_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"work_area_item_total_cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"work_area_item_total_price" numeric(12, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_areas" (
	"work_area_id" serial PRIMARY KEY NOT NULL,
	"work_area_version" integer DEFAULT 1 NOT NULL,
	"work_area_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"work_area_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"estimate_id" integer NOT NULL,
	"work_area_name" varchar(150) NOT NULL,
	"work_area_tax" varchar(10) DEFAULT 'NJ' NOT NULL,
	"work_area_is_included" boolean DEFAULT true NOT NULL,
	"work_area_notes" text,
	"work_area_subtotal" numeric(12, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_estimate_salesperson_users_user_id_fk" FOREIGN KEY ("estimate_salesperson") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_estimate_estimator_users_user_id_fk" FOREIGN KEY ("estimate_estimator") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_estimate_updated_by_users_user_id_fk" FOREIGN KEY ("estimate_updated_by") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_items" ADD CONSTRAINT "template_items_template_area_id_template_areas_template_area_id_fk" FOREIGN KEY ("template_area_id") REFERENCES "public"."template_areas"("template_area_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_items" ADD CONSTRAINT "template_items_item_id_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_area_items" ADD CONSTRAINT "work_area_items_work_area_id_work_areas_work_area_id_fk" FOREIGN KEY ("work_area_id") REFERENCES "public"."work_areas"("work_area_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_area_items" ADD CONSTRAINT "work_area_items_item_id_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("item_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_areas" ADD CONSTRAINT "work_areas_estimate_id_estimates_estimate_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("estimate_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimates_site_id_idx" ON "estimates" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "estimates_customer_id_idx" ON "estimates" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_estimate_number_key" ON "estimates" USING btree ("estimate_number");--> statement-breakpoint
CREATE INDEX "estimates_estimate_project_name_trgm" ON "estimates" USING gin ("estimate_project_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "estimates_estimate_project_name_lower_idx" ON "estimates" USING btree (lower("estimate_project_name"));--> statement-breakpoint
CREATE INDEX "estimates_estimate_status_idx" ON "estimates" USING btree ("estimate_status");--> statement-breakpoint
CREATE INDEX "estimates_estimate_subtotal_idx" ON "estimates" USING btree ("estimate_subtotal");--> statement-breakpoint
CREATE INDEX "estimates_estimate_salesperson_idx" ON "estimates" USING btree ("estimate_salesperson");--> statement-breakpoint
CREATE INDEX "estimates_estimate_estimator_idx" ON "estimates" USING btree ("estimate_estimator");--> statement-breakpoint
CREATE INDEX "estimates_estimate_updated_by_idx" ON "estimates" USING btree ("estimate_updated_by");--> statement-breakpoint
CREATE INDEX "template_areas_template_area_category_lower_idx" ON "template_areas" USING btree (lower("template_area_category"));--> statement-breakpoint
CREATE INDEX "template_areas_template_area_name_lower_idx" ON "template_areas" USING btree (lower("template_area_name"));--> statement-breakpoint
CREATE INDEX "template_areas_template_area_position_idx" ON "template_areas" USING btree ("template_area_position");--> statement-breakpoint
CREATE INDEX "template_items_template_area_id_idx" ON "template_items" USING btree ("template_area_id");--> statement-breakpoint
CREATE INDEX "template_items_item_id_idx" ON "template_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "work_area_items_work_area_id_idx" ON "work_area_items" USING btree ("work_area_id");--> statement-breakpoint
CREATE INDEX "work_area_items_item_id_idx" ON "work_area_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "work_area_items_work_area_item_name_trgm" ON "work_area_items" USING gin ("work_area_item_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "work_area_items_work_area_item_name_lower_idx" ON "work_area_items" USING btree (lower("work_area_item_name"));--> statement-breakpoint
CREATE INDEX "work_areas_estimate_id_idx" ON "work_areas" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "work_areas_work_area_name_trgm" ON "work_areas" USING gin ("work_area_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "work_areas_work_area_name_lower_idx" ON "work_areas" USING btree (lower("work_area_name"));