DROP INDEX "contacts_contact_first_name_trgm";--> statement-breakpoint
DROP INDEX "contacts_contact_last_name_trgm";--> statement-breakpoint
DROP INDEX "contacts_contact_phone_trgm";--> statement-breakpoint
DROP INDEX "contacts_contact_email_trgm";--> statement-breakpoint
DROP INDEX "customers_customer_address_1_trgm";--> statement-breakpoint
DROP INDEX "customers_customer_city_trgm";--> statement-breakpoint
DROP INDEX "customers_customer_zip_trgm";--> statement-breakpoint
DROP INDEX "estimates_estimate_project_name_trgm";--> statement-breakpoint
DROP INDEX "items_item_name_trgm";--> statement-breakpoint
DROP INDEX "items_item_description_trgm";--> statement-breakpoint
DROP INDEX "items_item_units_trgm";--> statement-breakpoint
DROP INDEX "services_service_name_trgm";--> statement-breakpoint
DROP INDEX "services_service_description_trgm";--> statement-breakpoint
DROP INDEX "sites_site_name_trgm";--> statement-breakpoint
DROP INDEX "sites_site_address_1_trgm";--> statement-breakpoint
DROP INDEX "sites_site_city_trgm";--> statement-breakpoint
DROP INDEX "sites_site_zip_trgm";--> statement-breakpoint
DROP INDEX "terms_conditions_tc_name_trgm";--> statement-breakpoint
DROP INDEX "work_area_items_work_area_item_name_trgm";--> statement-breakpoint
DROP INDEX "work_areas_work_area_name_trgm";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "contact_search_text" text GENERATED ALWAYS AS (lower(coalesce("contact_first_name", '') || chr(31) || coalesce("contact_last_name", '') || chr(31) || coalesce("contact_phone", '') || chr(31) || coalesce("contact_email", ''))) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "customer_search_text" text GENERATED ALWAYS AS (lower(coalesce("customer_name", '') || chr(31) || coalesce("customer_address_1", '') || chr(31) || coalesce("customer_city", '') || chr(31) || coalesce("customer_zip", ''))) STORED;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "estimate_search_text" text GENERATED ALWAYS AS (lower(coalesce("estimate_number"::text, '') || chr(31) || coalesce("estimate_project_name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "item_search_text" text GENERATED ALWAYS AS (lower(coalesce("item_name", '') || chr(31) || coalesce("item_description", '') || chr(31) || coalesce("item_units", ''))) STORED;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "service_search_text" text GENERATED ALWAYS AS (lower(coalesce("service_name", '') || chr(31) || coalesce("service_description", ''))) STORED;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "site_search_text" text GENERATED ALWAYS AS (lower(coalesce("site_name", '') || chr(31) || coalesce("site_address_1", '') || chr(31) || coalesce("site_city", '') || chr(31) || coalesce("site_zip", ''))) STORED;--> statement-breakpoint
ALTER TABLE "terms_conditions" ADD COLUMN "tc_search_text" text GENERATED ALWAYS AS (lower(coalesce("tc_name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "work_area_items" ADD COLUMN "work_area_item_search_text" text GENERATED ALWAYS AS (lower(coalesce("work_area_item_name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "work_areas" ADD COLUMN "work_area_search_text" text GENERATED ALWAYS AS (lower(coalesce("work_area_name", ''))) STORED;--> statement-breakpoint
CREATE INDEX "contacts_search_text_trgm" ON "contacts" USING gin ("contact_search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "customers_search_text_trgm" ON "customers" USING gin ("customer_search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "estimates_search_text_trgm" ON "estimates" USING gin ("estimate_search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "items_search_text_trgm" ON "items" USING gin ("item_search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "services_search_text_trgm" ON "services" USING gin ("service_search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sites_search_text_trgm" ON "sites" USING gin ("site_search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "terms_conditions_search_text_trgm" ON "terms_conditions" USING gin ("tc_search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "work_area_items_search_text_trgm" ON "work_area_items" USING gin ("work_area_item_search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "work_areas_search_text_trgm" ON "work_areas" USING gin ("work_area_search_text" gin_trgm_ops) WITH (fastupdate=false);