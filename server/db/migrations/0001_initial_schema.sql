CREATE TABLE "contacts" (
	"contact_id" serial PRIMARY KEY NOT NULL,
	"contact_version" integer DEFAULT 1 NOT NULL,
	"contact_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contact_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" integer NOT NULL,
	"contact_first_name" varchar(150),
	"contact_last_name" varchar(150) NOT NULL,
	"contact_phone" varchar(14),
	"contact_phone_extension" varchar(5),
	"contact_email" varchar(254)
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"customer_id" serial PRIMARY KEY NOT NULL,
	"customer_version" integer DEFAULT 1 NOT NULL,
	"customer_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_name" varchar(250) NOT NULL,
	"customer_address_1" varchar(150) NOT NULL,
	"customer_address_2" varchar(150),
	"customer_city" varchar(150) NOT NULL,
	"customer_county" varchar(150),
	"customer_state" varchar(2) NOT NULL,
	"customer_zip" varchar(15),
	"customer_type" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"item_version" integer DEFAULT 1 NOT NULL,
	"item_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_name" varchar(150) NOT NULL,
	"item_description" text,
	"item_units" varchar(50),
	"item_cost" numeric(12, 2) NOT NULL,
	"item_price" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_rules" (
	"rule_id" serial PRIMARY KEY NOT NULL,
	"rule_version" integer DEFAULT 1 NOT NULL,
	"rule_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rule_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_id" integer NOT NULL,
	"rule_output_type" varchar(20) DEFAULT 'UNIT_PRICE' NOT NULL,
	"rule_type" varchar(20) NOT NULL,
	"rule_range_start" numeric(16, 4),
	"rule_range_end" numeric(16, 4),
	"rule_step" numeric(16, 4),
	"rule_secondary_price" numeric(16, 4)
);
--> statement-breakpoint
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
CREATE TABLE "terms_conditions" (
	"tc_id" serial PRIMARY KEY NOT NULL,
	"tc_version" integer DEFAULT 1 NOT NULL,
	"tc_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tc_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tc_name" varchar(150) NOT NULL,
	"tc_content" text,
	"tc_is_auto" smallint DEFAULT 0 NOT NULL,
	"tc_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"login_failure_id" serial PRIMARY KEY NOT NULL,
	"login_failure_username" varchar(100) NOT NULL,
	"login_failure_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"setting_key" varchar(100) PRIMARY KEY NOT NULL,
	"setting_value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"user_username" varchar(100) NOT NULL,
	"user_first_name" varchar(150) NOT NULL,
	"user_last_name" varchar(150) NOT NULL,
	"user_password_hash" text NOT NULL,
	"user_token_generation" integer DEFAULT 0 NOT NULL,
	"user_version" integer DEFAULT 1 NOT NULL,
	"user_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_username_unique" UNIQUE("user_username")
);
--> statement-breakpoint
CREATE TABLE "site_services" (
	"site_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"site_service_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_services_site_id_service_id_pk" PRIMARY KEY("site_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_item_id_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_services" ADD CONSTRAINT "site_services_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_services" ADD CONSTRAINT "site_services_service_id_services_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_customer_id_idx" ON "contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "contacts_contact_first_name_trgm" ON "contacts" USING gin ("contact_first_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contacts_contact_first_name_lower_idx" ON "contacts" USING btree (lower("contact_first_name"));--> statement-breakpoint
CREATE INDEX "contacts_contact_last_name_trgm" ON "contacts" USING gin ("contact_last_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contacts_contact_last_name_lower_idx" ON "contacts" USING btree (lower("contact_last_name"));--> statement-breakpoint
CREATE INDEX "contacts_contact_phone_trgm" ON "contacts" USING gin ("contact_phone" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contacts_contact_email_trgm" ON "contacts" USING gin ("contact_email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contacts_contact_email_lower_idx" ON "contacts" USING btree (lower("contact_email"));--> statement-breakpoint
CREATE INDEX "customers_customer_name_trgm" ON "customers" USING gin ("customer_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_customer_name_lower_idx" ON "customers" USING btree (lower("customer_name"));--> statement-breakpoint
CREATE INDEX "customers_customer_address_1_trgm" ON "customers" USING gin ("customer_address_1" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_customer_address_1_lower_idx" ON "customers" USING btree (lower("customer_address_1"));--> statement-breakpoint
CREATE INDEX "customers_customer_address_2_lower_idx" ON "customers" USING btree (lower("customer_address_2"));--> statement-breakpoint
CREATE INDEX "customers_customer_city_trgm" ON "customers" USING gin ("customer_city" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_customer_city_lower_idx" ON "customers" USING btree (lower("customer_city"));--> statement-breakpoint
CREATE INDEX "customers_customer_state_lower_idx" ON "customers" USING btree (lower("customer_state"));--> statement-breakpoint
CREATE INDEX "customers_customer_zip_trgm" ON "customers" USING gin ("customer_zip" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_customer_zip_lower_idx" ON "customers" USING btree (lower("customer_zip"));--> statement-breakpoint
CREATE INDEX "items_item_name_trgm" ON "items" USING gin ("item_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "items_item_name_lower_idx" ON "items" USING btree (lower("item_name"));--> statement-breakpoint
CREATE INDEX "items_item_description_trgm" ON "items" USING gin ("item_description" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "items_item_units_trgm" ON "items" USING gin ("item_units" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "items_item_units_lower_idx" ON "items" USING btree (lower("item_units"));--> statement-breakpoint
CREATE INDEX "items_item_cost_idx" ON "items" USING btree ("item_cost");--> statement-breakpoint
CREATE INDEX "items_item_price_idx" ON "items" USING btree ("item_price");--> statement-breakpoint
CREATE INDEX "price_rules_item_id_idx" ON "price_rules" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "services_service_name_trgm" ON "services" USING gin ("service_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "services_service_name_lower_idx" ON "services" USING btree (lower("service_name"));--> statement-breakpoint
CREATE INDEX "services_service_description_trgm" ON "services" USING gin ("service_description" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "services_service_start_date_idx" ON "services" USING btree ("service_start_date");--> statement-breakpoint
CREATE INDEX "services_service_end_date_idx" ON "services" USING btree ("service_end_date");--> statement-breakpoint
CREATE INDEX "services_service_is_recurring_idx" ON "services" USING btree ("service_is_recurring");--> statement-breakpoint
CREATE INDEX "sites_customer_id_idx" ON "sites" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sites_site_name_trgm" ON "sites" USING gin ("site_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sites_site_name_lower_idx" ON "sites" USING btree (lower("site_name"));--> statement-breakpoint
CREATE INDEX "sites_site_address_1_trgm" ON "sites" USING gin ("site_address_1" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sites_site_address_1_lower_idx" ON "sites" USING btree (lower("site_address_1"));--> statement-breakpoint
CREATE INDEX "sites_site_address_2_lower_idx" ON "sites" USING btree (lower("site_address_2"));--> statement-breakpoint
CREATE INDEX "sites_site_city_trgm" ON "sites" USING gin ("site_city" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sites_site_city_lower_idx" ON "sites" USING btree (lower("site_city"));--> statement-breakpoint
CREATE INDEX "sites_site_state_lower_idx" ON "sites" USING btree (lower("site_state"));--> statement-breakpoint
CREATE INDEX "sites_site_zip_trgm" ON "sites" USING gin ("site_zip" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sites_site_zip_lower_idx" ON "sites" USING btree (lower("site_zip"));--> statement-breakpoint
CREATE INDEX "terms_conditions_tc_name_trgm" ON "terms_conditions" USING gin ("tc_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "terms_conditions_tc_name_lower_idx" ON "terms_conditions" USING btree (lower("tc_name"));--> statement-breakpoint
CREATE INDEX "terms_conditions_tc_is_auto_idx" ON "terms_conditions" USING btree ("tc_is_auto");--> statement-breakpoint
CREATE INDEX "terms_conditions_tc_order_idx" ON "terms_conditions" USING btree ("tc_order");--> statement-breakpoint
CREATE INDEX "login_failures_username_at_idx" ON "login_failures" USING btree ("login_failure_username","login_failure_at");--> statement-breakpoint
CREATE INDEX "login_failures_at_idx" ON "login_failures" USING btree ("login_failure_at");--> statement-breakpoint
CREATE INDEX "site_services_service_id_idx" ON "site_services" USING btree ("service_id");