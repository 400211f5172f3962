ALTER TABLE "estimates" ADD COLUMN "estimate_customer_name" varchar(250);--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "site_customer_name" varchar(250);--> statement-breakpoint
DROP INDEX "customers_customer_name_trgm";--> statement-breakpoint
ALTER TABLE "estimates" drop column "estimate_search_text";--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "estimate_search_text" text GENERATED ALWAYS AS (lower(coalesce("estimate_number"::text, '') || chr(31) || coalesce("estimate_customer_name", '') || chr(31) || coalesce("estimate_project_name", ''))) STORED;--> statement-breakpoint
CREATE INDEX "estimates_search_text_trgm" ON "estimates" USING gin ("estimate_search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "estimates_estimate_customer_name_lower_idx" ON "estimates" USING btree (lower("estimate_customer_name"));--> statement-breakpoint
CREATE INDEX "sites_site_customer_name_trgm" ON "sites" USING gin ("site_customer_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sites_site_customer_name_lower_idx" ON "sites" USING btree (lower("site_customer_name"));
