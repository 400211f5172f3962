-- A site's service ids, kept in its row by the database (server/db/tables/siteServices.ts):
-- the operations Site Services filter reads them from a GIN index with the site's other
-- conditions instead of joining site_services.
ALTER TABLE "sites" ADD COLUMN "site_service_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "sites" SET "site_service_ids" = assigned.ids
FROM (SELECT "site_id", array_agg("service_id" ORDER BY "service_id") AS ids FROM "site_services" GROUP BY "site_id") AS assigned
WHERE assigned."site_id" = "sites"."site_id";--> statement-breakpoint
CREATE INDEX "sites_site_service_ids_gin" ON "sites" USING gin ("site_service_ids") WITH (fastupdate=false);--> statement-breakpoint
-- Once per statement over the rows it changed. The sites are locked first, in id order, so
-- that the array is read after any concurrent assignment to the same site has committed.
CREATE FUNCTION "site_services_refresh_sites"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "site_id") INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "site_id") INTO changed FROM old_rows;
  ELSE
    SELECT array_agg("site_id") INTO changed FROM (SELECT "site_id" FROM new_rows UNION SELECT "site_id" FROM old_rows) AS both_sides;
  END IF;
  PERFORM 1 FROM "sites" WHERE "site_id" = ANY (changed) ORDER BY "site_id" FOR NO KEY UPDATE;
  UPDATE "sites" SET "site_service_ids" = coalesce(
    (SELECT array_agg(ss."service_id" ORDER BY ss."service_id") FROM "site_services" ss WHERE ss."site_id" = "sites"."site_id"), '{}')
  WHERE "site_id" = ANY (changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "site_services_inserted" AFTER INSERT ON "site_services" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "site_services_refresh_sites"();--> statement-breakpoint
CREATE TRIGGER "site_services_updated" AFTER UPDATE ON "site_services" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "site_services_refresh_sites"();--> statement-breakpoint
CREATE TRIGGER "site_services_deleted" AFTER DELETE ON "site_services" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "site_services_refresh_sites"();
