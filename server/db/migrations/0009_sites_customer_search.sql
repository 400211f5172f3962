-- The sites list searches its customer's name (the copy kept by server/db/lookupCopies.ts):
-- the stored search text is made again with it (PostgreSQL 15 cannot change a generated
-- column's expression, so drizzle-kit drops and adds it; existing rows are computed by the
-- ADD COLUMN), and its trigram index, dropped with the column, is made again.
ALTER TABLE "sites" drop column "site_search_text";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "site_search_text" text GENERATED ALWAYS AS (lower(coalesce("site_name", '') || chr(31) || coalesce("site_customer_name", '') || chr(31) || coalesce("site_address_1", '') || chr(31) || coalesce("site_city", '') || chr(31) || coalesce("site_zip", ''))) STORED;--> statement-breakpoint
CREATE INDEX "sites_search_text_trgm" ON "sites" USING gin ("site_search_text" gin_trgm_ops) WITH (fastupdate=false);
