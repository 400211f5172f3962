ALTER TABLE "items" ADD COLUMN "item_kind" varchar(20) DEFAULT 'MATERIAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "item_hours_per_unit" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "work_area_items" ADD COLUMN "work_area_item_kind" varchar(20) DEFAULT 'MATERIAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_area_items" ADD COLUMN "work_area_item_hours_per_unit" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "work_area_items" ADD COLUMN "work_area_item_labor_hours" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "company_labor_rate" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "company_overhead_per_hour" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "company_target_margin_percent" numeric(5, 2) DEFAULT 35 NOT NULL;--> statement-breakpoint
CREATE INDEX "items_item_kind_lower_idx" ON "items" USING btree (lower("item_kind"));--> statement-breakpoint
CREATE INDEX "items_item_hours_per_unit_idx" ON "items" USING btree ("item_hours_per_unit");--> statement-breakpoint
-- hand-written: issue 24's backfill of existing databases (carry it over if this migration is renumbered).
-- 1. Catalogue rows still exactly as the starter catalogue made them (name, units, cost, price)
--    get the starter kind and hours per unit; rows the office has changed keep MATERIAL and no rate.
UPDATE "items" AS i SET "item_kind" = s.kind, "item_hours_per_unit" = s.hours
FROM (VALUES
  ('Hardwood mulch, double shredded', 'yd³', 28.00, 65.00, 'MATERIAL', 0.5),
  ('Dyed black mulch', 'yd³', 32.00, 72.00, 'MATERIAL', 0.5),
  ('Screened topsoil', 'yd³', 26.00, 58.00, 'MATERIAL', 0.75),
  ('Premium lawn seed mix', 'lb', 3.10, 7.50, 'MATERIAL', 0.02),
  ('Starter fertilizer 18-24-12', 'bag (50 lb)', 24.00, 55.00, 'MATERIAL', 0.25),
  ('Kentucky bluegrass sod', 'ft²', 0.45, 1.35, 'MATERIAL', 0.01),
  ('River rock 1–3"', 'ton', 48.00, 115.00, 'MATERIAL', 1.0),
  ('Rock salt (bulk)', 'ton', 95.00, 185.00, 'MATERIAL', 0),
  ('Calcium chloride ice melt', 'bag (50 lb)', 19.00, 42.00, 'MATERIAL', 0),
  ('Lawn mowing', 'visit', 25.00, 45.00, 'LABOR', 1.0),
  ('Edging beds', 'linear ft', 0.35, 0.95, 'LABOR', 0.005),
  ('Shrub pruning', 'each', 6.00, 14.00, 'LABOR', 0.25),
  ('Spring cleanup', 'visit', 40.00, 85.00, 'LABOR', 3.5),
  ('Fall leaf cleanup', 'visit', 70.00, 150.00, 'LABOR', 4.0),
  ('Core aeration', 'visit', 5.00, 12.00, 'LABOR', 1.0),
  ('Snow plowing', 'push', 35.00, 75.00, 'LABOR', 0.75),
  ('Salting', 'application', 6.00, 14.00, 'LABOR', 0.5),
  ('Sidewalk shoveling', 'linear ft', 0.40, 1.10, 'LABOR', 0.008)
) AS s(name, units, cost, price, kind, hours)
WHERE i."item_name" = s.name AND i."item_units" IS NOT DISTINCT FROM s.units AND i."item_cost" = s.cost AND i."item_price" = s.price;--> statement-breakpoint
-- 2. Lines without a catalogue item whose name is exactly that of one catalogue item (and of no other) are linked to it.
UPDATE "work_area_items" AS w SET "item_id" = c.id
FROM (SELECT min("item_id") AS id, "item_name" AS name FROM "items" GROUP BY "item_name" HAVING count(*) = 1) AS c
WHERE w."item_id" IS NULL AND w."work_area_item_name" = c.name;--> statement-breakpoint
-- 3. Lines of a catalogue item take its kind and hours per unit, and their crew hours = round2(quantity × hours per unit)
--    (a product beyond numeric(12,2) leaves the line without a rate rather than failing the migration).
UPDATE "work_area_items" AS w SET
  "work_area_item_kind" = i."item_kind",
  "work_area_item_hours_per_unit" = CASE WHEN abs(w."work_area_item_quantity" * coalesce(i."item_hours_per_unit", 0)) < 9999999999.995 THEN i."item_hours_per_unit" END,
  "work_area_item_labor_hours" = CASE WHEN abs(w."work_area_item_quantity" * coalesce(i."item_hours_per_unit", 0)) < 9999999999.995
    THEN round(w."work_area_item_quantity" * coalesce(i."item_hours_per_unit", 0), 2) ELSE 0 END
FROM "items" AS i
WHERE w."item_id" = i."item_id";
