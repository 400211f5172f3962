CREATE TABLE "photo_parts" (
	"photo_part_photo_id" integer NOT NULL,
	"photo_part_version" varchar(10) NOT NULL,
	"photo_part_number" integer NOT NULL,
	"photo_part_data" "bytea" NOT NULL,
	CONSTRAINT "photo_parts_photo_part_photo_id_photo_part_version_photo_part_number_pk" PRIMARY KEY("photo_part_photo_id","photo_part_version","photo_part_number")
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"photo_id" serial PRIMARY KEY NOT NULL,
	"photo_site_id" integer,
	"photo_estimate_id" integer,
	"photo_work_area_id" integer,
	"photo_snow_visit_id" integer,
	"photo_purpose" varchar(10) DEFAULT 'photo' NOT NULL,
	"photo_caption" varchar(200) DEFAULT '' NOT NULL,
	"photo_sort_order" integer DEFAULT 0 NOT NULL,
	"photo_print_on_proposal" boolean DEFAULT false NOT NULL,
	"photo_content_type" varchar(20) NOT NULL,
	"photo_file_name" varchar(255) DEFAULT '' NOT NULL,
	"photo_width" integer NOT NULL,
	"photo_height" integer NOT NULL,
	"photo_large_width" integer NOT NULL,
	"photo_large_height" integer NOT NULL,
	"photo_taken_at" timestamp with time zone,
	"photo_bytes" integer NOT NULL,
	"photo_created_at" timestamp with time zone NOT NULL,
	"photo_stored_at" timestamp with time zone,
	"photo_created_by" integer,
	"photo_version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "photos_one_owner" CHECK (num_nonnulls("photos"."photo_site_id", "photos"."photo_estimate_id", "photos"."photo_work_area_id", "photos"."photo_snow_visit_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "site_plans" (
	"site_plan_site_id" integer PRIMARY KEY NOT NULL,
	"site_plan_image_id" integer,
	"site_plan_feet_per_unit" double precision,
	"site_plan_shapes" jsonb NOT NULL,
	"site_plan_print_on_proposal" boolean DEFAULT false NOT NULL,
	"site_plan_version" integer DEFAULT 1 NOT NULL,
	"site_plan_updated_at" timestamp with time zone NOT NULL,
	"site_plan_updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "work_area_items" ADD COLUMN "work_area_item_plan_measure" jsonb;--> statement-breakpoint
ALTER TABLE "photo_parts" ADD CONSTRAINT "photo_parts_photo_part_photo_id_photos_photo_id_fk" FOREIGN KEY ("photo_part_photo_id") REFERENCES "public"."photos"("photo_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_photo_site_id_sites_site_id_fk" FOREIGN KEY ("photo_site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_photo_estimate_id_estimates_estimate_id_fk" FOREIGN KEY ("photo_estimate_id") REFERENCES "public"."estimates"("estimate_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_photo_work_area_id_work_areas_work_area_id_fk" FOREIGN KEY ("photo_work_area_id") REFERENCES "public"."work_areas"("work_area_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_photo_snow_visit_id_snow_visits_snow_visit_id_fk" FOREIGN KEY ("photo_snow_visit_id") REFERENCES "public"."snow_visits"("snow_visit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_plans" ADD CONSTRAINT "site_plans_site_plan_site_id_sites_site_id_fk" FOREIGN KEY ("site_plan_site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_plans" ADD CONSTRAINT "site_plans_site_plan_image_id_photos_photo_id_fk" FOREIGN KEY ("site_plan_image_id") REFERENCES "public"."photos"("photo_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_site_idx" ON "photos" USING btree ("photo_site_id");--> statement-breakpoint
CREATE INDEX "photos_estimate_idx" ON "photos" USING btree ("photo_estimate_id");--> statement-breakpoint
CREATE INDEX "photos_work_area_idx" ON "photos" USING btree ("photo_work_area_id");--> statement-breakpoint
CREATE INDEX "photos_snow_visit_idx" ON "photos" USING btree ("photo_snow_visit_id");