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
DROP INDEX "contacts_contact_first_name_idx";--> statement-breakpoint
DROP INDEX "contacts_contact_last_name_idx";--> statement-breakpoint
DROP INDEX "contacts_contact_email_idx";--> statement-breakpoint
DROP INDEX "customers_customer_name_idx";--> statement-breakpoint
DROP INDEX "customers_customer_address_1_idx";--> statement-breakpoint
DROP INDEX "customers_customer_address_2_idx";--> statement-breakpoint
DROP INDEX "customers_customer_city_idx";--> statement-breakpoint
DROP INDEX "customers_customer_state_idx";--> statement-breakpoint
DROP INDEX "customers_customer_zip_idx";--> statement-breakpoint
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_item_id_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "items_item_name_trgm" ON "items" USING gin ("item_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_item_name_lower_idx" ON "items" USING btree (lower("item_name"));--> statement-breakpoint
CREATE INDEX "items_item_description_trgm" ON "items" USING gin ("item_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_item_units_trgm" ON "items" USING gin ("item_units" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_item_units_lower_idx" ON "items" USING btree (lower("item_units"));--> statement-breakpoint
CREATE INDEX "items_item_cost_idx" ON "items" USING btree ("item_cost");--> statement-breakpoint
CREATE INDEX "items_item_price_idx" ON "items" USING btree ("item_price");--> statement-breakpoint
CREATE INDEX "price_rules_item_id_idx" ON "price_rules" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "terms_conditions_tc_name_trgm" ON "terms_conditions" USING gin ("tc_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "terms_conditions_tc_name_lower_idx" ON "terms_conditions" USING btree (lower("tc_name"));--> statement-breakpoint
CREATE INDEX "terms_conditions_tc_is_auto_idx" ON "terms_conditions" USING btree ("tc_is_auto");--> statement-breakpoint
CREATE INDEX "terms_conditions_tc_order_idx" ON "terms_conditions" USING btree ("tc_order");--> statement-breakpoint
CREATE INDEX "contacts_contact_first_name_lower_idx" ON "contacts" USING btree (lower("contact_first_name"));--> statement-breakpoint
CREATE INDEX "contacts_contact_last_name_lower_idx" ON "contacts" USING btree (lower("contact_last_name"));--> statement-breakpoint
CREATE INDEX "contacts_contact_email_lower_idx" ON "contacts" USING btree (lower("contact_email"));--> statement-breakpoint
CREATE INDEX "customers_customer_name_lower_idx" ON "customers" USING btree (lower("customer_name"));--> statement-breakpoint
CREATE INDEX "customers_customer_address_1_lower_idx" ON "customers" USING btree (lower("customer_address_1"));--> statement-breakpoint
CREATE INDEX "customers_customer_address_2_lower_idx" ON "customers" USING btree (lower("customer_address_2"));--> statement-breakpoint
CREATE INDEX "customers_customer_city_lower_idx" ON "customers" USING btree (lower("customer_city"));--> statement-breakpoint
CREATE INDEX "customers_customer_state_lower_idx" ON "customers" USING btree (lower("customer_state"));--> statement-breakpoint
CREATE INDEX "customers_customer_zip_lower_idx" ON "customers" USING btree (lower("customer_zip"));