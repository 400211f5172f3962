import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/connection';

/**
 * Fills customers with `rows` generated rows in one statement. About one row in five
 * contains "land" in its name, address 1 or city (DESIGN's broad-search case).
 */
export async function seedCustomers(db: Db, rows: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO customers (customer_name, customer_address_1, customer_city, customer_state, customer_zip, customer_type)
    SELECT
      (ARRAY['Acme','Birch','Cedar','Dogwood','Elm','Fern','Grove','Hollow','Iris','Juniper'])[1 + i % 10]
        || ' ' || (CASE WHEN i % 15 = 0 THEN 'Landscaping' ELSE (ARRAY['Lawn Care','Gardens','Snow Co','Property Services','Estates','HOA'])[1 + (i / 10) % 6] END)
        || ' ' || i,
      (i % 997) || ' ' || (CASE WHEN i % 31 = 0 THEN 'Highland Ave' ELSE (ARRAY['Main St','Oak Ave','Pine Rd','Market St','Maple Ct'])[1 + i % 5] END),
      CASE WHEN i % 11 = 0 THEN 'Lakeland' ELSE (ARRAY['Trenton','Camden','Philadelphia','Wilmington','Allentown','Princeton'])[1 + i % 6] END,
      (ARRAY['NJ','PA','DE'])[1 + i % 3],
      lpad(((8000 + i % 999))::text, 5, '0'),
      i % 2
    FROM generate_series(1, ${rows}) AS s(i)
  `);
  // The steady state of a running installation: autovacuum, or server/db/maintenance.ts on PGlite.
  await db.execute(sql`VACUUM ANALYZE customers`);
}
