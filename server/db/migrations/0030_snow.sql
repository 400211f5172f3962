CREATE TABLE "storms" (
	"storm_id" serial PRIMARY KEY NOT NULL,
	"storm_version" integer DEFAULT 1 NOT NULL,
	"storm_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"storm_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"storm_name" varchar(100) NOT NULL,
	"storm_start" timestamp with time zone NOT NULL,
	"storm_end" timestamp with time zone,
	"storm_depth" numeric(12, 2) DEFAULT 0 NOT NULL,
	"storm_source" varchar(150),
	"storm_notes" text,
	"storm_closed_out_at" timestamp with time zone,
	"storm_search_text" text GENERATED ALWAYS AS (lower(coalesce("storm_name", '') || chr(31) || coalesce("storm_source", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "snow_sites" (
	"snow_site_site_id" integer PRIMARY KEY NOT NULL,
	"snow_site_route_position" integer,
	"snow_site_paved_area" numeric(10, 0),
	"snow_site_updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snow_visits" (
	"snow_visit_id" serial PRIMARY KEY NOT NULL,
	"snow_visit_storm_id" integer NOT NULL,
	"snow_visit_site_id" integer NOT NULL,
	"snow_visit_season" integer NOT NULL,
	"snow_visit_sequence" integer NOT NULL,
	"snow_visit_arrival" timestamp with time zone NOT NULL,
	"snow_visit_departure" timestamp with time zone,
	"snow_visit_services" jsonb NOT NULL,
	"snow_visit_passes" integer NOT NULL,
	"snow_visit_material" jsonb,
	"snow_visit_depth" numeric(6, 2),
	"snow_visit_crew" varchar(100) NOT NULL,
	"snow_visit_notes" text NOT NULL,
	"snow_visit_corrects" integer,
	"snow_visit_reason" text,
	"snow_visit_recorded_at" timestamp with time zone NOT NULL,
	"snow_visit_recorded_by" integer,
	"snow_visit_recorded_by_name" varchar(301) NOT NULL,
	"snow_visit_prev_hash" varchar(64) NOT NULL,
	"snow_visit_hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storm_charges" (
	"storm_charge_key" varchar(80) PRIMARY KEY NOT NULL,
	"storm_charge_storm_id" integer NOT NULL,
	"storm_charge_agreement_id" integer NOT NULL,
	"storm_charge_line_id" integer NOT NULL,
	"storm_charge_site_id" integer NOT NULL,
	"storm_charge_date" date NOT NULL,
	"storm_charge_description" varchar(400) NOT NULL,
	"storm_charge_quantity" numeric(10, 2) NOT NULL,
	"storm_charge_rate" numeric(12, 2) NOT NULL,
	"storm_charge_visit_ids" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_areas" ADD COLUMN "work_area_snow_pricing" jsonb;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "company_salt_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "agreement_lines" ADD COLUMN "agreement_line_snow_pricing" jsonb;--> statement-breakpoint
ALTER TABLE "snow_sites" ADD CONSTRAINT "snow_sites_snow_site_site_id_sites_site_id_fk" FOREIGN KEY ("snow_site_site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snow_visits" ADD CONSTRAINT "snow_visits_snow_visit_storm_id_storms_storm_id_fk" FOREIGN KEY ("snow_visit_storm_id") REFERENCES "public"."storms"("storm_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snow_visits" ADD CONSTRAINT "snow_visits_snow_visit_site_id_sites_site_id_fk" FOREIGN KEY ("snow_visit_site_id") REFERENCES "public"."sites"("site_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storm_charges" ADD CONSTRAINT "storm_charges_storm_charge_storm_id_storms_storm_id_fk" FOREIGN KEY ("storm_charge_storm_id") REFERENCES "public"."storms"("storm_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storm_charges" ADD CONSTRAINT "storm_charges_storm_charge_agreement_id_agreements_agreement_id_fk" FOREIGN KEY ("storm_charge_agreement_id") REFERENCES "public"."agreements"("agreement_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storm_charges" ADD CONSTRAINT "storm_charges_storm_charge_line_id_agreement_lines_agreement_line_id_fk" FOREIGN KEY ("storm_charge_line_id") REFERENCES "public"."agreement_lines"("agreement_line_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storms_search_text_trgm" ON "storms" USING gin ("storm_search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "storms_storm_name_lower_idx" ON "storms" USING btree (lower("storm_name"));--> statement-breakpoint
CREATE INDEX "storms_storm_start_idx" ON "storms" USING btree ("storm_start");--> statement-breakpoint
CREATE INDEX "storms_storm_end_idx" ON "storms" USING btree ("storm_end");--> statement-breakpoint
CREATE INDEX "storms_storm_depth_idx" ON "storms" USING btree ("storm_depth");--> statement-breakpoint
CREATE UNIQUE INDEX "snow_visits_chain_idx" ON "snow_visits" USING btree ("snow_visit_site_id","snow_visit_season","snow_visit_sequence");--> statement-breakpoint
CREATE INDEX "snow_visits_storm_idx" ON "snow_visits" USING btree ("snow_visit_storm_id","snow_visit_site_id");--> statement-breakpoint
CREATE INDEX "storm_charges_date_idx" ON "storm_charges" USING btree ("storm_charge_date");--> statement-breakpoint
CREATE INDEX "storm_charges_storm_idx" ON "storm_charges" USING btree ("storm_charge_storm_id");