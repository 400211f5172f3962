CREATE TABLE "services" (
	"service_id" serial PRIMARY KEY NOT NULL,
	"service_version" integer DEFAULT 1 NOT NULL,
	"service_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"service_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"service_name" varchar(150) NOT NULL,
	"service_description" text,
	"service_start_date" timestamp with time zone NOT NULL,
	"service_end_date" timestamp with time zone,
	"service_is_recurring" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"site_id" serial PRIMARY KEY NOT NULL,
	"site_version" integer DEFAULT 1 NOT NULL,
	"site_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"site_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" integer NOT NULL,
	"site_name" varchar(250) NOT NULL,
	"site_address_1" varchar(150) NOT NULL,
	"site_address_2" varchar(150),
	"site_city" varchar(150) NOT NULL,
	"site_county" varchar(150),
	"site_state" varchar(2) NOT NULL,
	"site_zip" varchar(15),
	"site_notes" text
);
--> statement-breakpoint
CREATE TABLE "site_services" (
	"site_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"site_service_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_services_site_id_service_id_pk" PRIMARY KEY("site_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_services" ADD CONSTRAINT "site_services_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_services" ADD CONSTRAINT "site_services_service_id_services_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_service_name_trgm" ON "services" USING gin ("service_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_service_name_lower_idx" ON "services" USING btree (lower("service_name"));--> statement-breakpoint
CREATE INDEX "services_service_description_trgm" ON "services" USING gin ("service_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_service_start_date_idx" ON "services" USING btree ("service_start_date");--> statement-breakpoint
CREATE INDEX "services_service_end_date_idx" ON "services" USING btree ("service_end_date");--> statement-breakpoint
CREATE INDEX "services_service_is_recurring_idx" ON "services" USING btree ("service_is_recurring");--> statement-breakpoint
CREATE INDEX "sites_customer_id_idx" ON "sites" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sites_site_name_trgm" ON "sites" USING gin ("site_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_site_name_lower_idx" ON "sites" USING btree (lower("site_name"));--> statement-breakpoint
CREATE INDEX "sites_site_address_1_trgm" ON "sites" USING gin ("site_address_1" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_site_address_1_lower_idx" ON "sites" USING btree (lower("site_address_1"));--> statement-breakpoint
CREATE INDEX "sites_site_address_2_trgm" ON "sites" USING gin ("site_address_2" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_site_address_2_lower_idx" ON "sites" USING btree (lower("site_address_2"));--> statement-breakpoint
CREATE INDEX "sites_site_city_trgm" ON "sites" USING gin ("site_city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_site_city_lower_idx" ON "sites" USING btree (lower("site_city"));--> statement-breakpoint
CREATE INDEX "sites_site_state_trgm" ON "sites" USING gin ("site_state" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_site_state_lower_idx" ON "sites" USING btree (lower("site_state"));--> statement-breakpoint
CREATE INDEX "sites_site_zip_trgm" ON "sites" USING gin ("site_zip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_site_zip_lower_idx" ON "sites" USING btree (lower("site_zip"));--> statement-breakpoint
CREATE INDEX "site_services_service_id_idx" ON "site_services" USING btree ("service_id");