import { and, asc, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { entities } from '../../src/schema';
import { tableOf } from '../db/entityTables';
import { isTextKind } from '../db/tableFromEntity';
import { badRequest } from '../errors';
import { z } from 'zod';
import type { RouteDoc } from '../openapi/routeDoc';

export const NOT_LISTABLE = 'The values of this column cannot be listed.';

/** The allow-list: text fields declared with `distinctValues` (users are not an entity: never listed). */
function listableField(tableName: string, columnName: string) {
  for (const entity of entities) {
    if (entity.table !== tableName) continue;
    const field = entity.resolved.find((f) => f.column === columnName);
    if (field?.distinctValues && isTextKind(field.kind)) return { entity, field };
  }
  return undefined;
}

const valuesDoc: RouteDoc = {
  tag: 'Lookups',
  summary: "A column's distinct values",
  description: `Only the text columns declared with distinctValues (e.g. work_areas / work_area_name); any other: 400 "${NOT_LISTABLE}"`,
  params: z.object({ table: z.string(), column: z.string() }),
  responses: { 200: z.array(z.string()).describe('The non-blank values, sorted case-insensitively.') },
};

/**
 * `GET /api/uniqueColumnValues/:table/:column` → the column's distinct non-blank values as a
 * JSON array of strings, sorted case-insensitively (then upper case first) (the work area name suggestions:
 * work_areas/work_area_name). Any other pair → 400 {message}.
 */
export async function uniqueColumnValueRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.get<{ Params: { table: string; column: string } }>(
    '/uniqueColumnValues/:table/:column',
    { config: { openapi: valuesDoc } },
    async (request) => {
      const found = listableField(request.params.table, request.params.column);
      if (!found) throw badRequest(NOT_LISTABLE);
      const column = tableOf(found.entity.name)[found.field.name];
      const rows = await db
        .select({ value: column })
        .from(tableOf(found.entity.name))
        .where(and(isNotNull(column), sql`btrim(${column}) <> ''`))
        .groupBy(column)
        // Code-point order, the same on every server whatever its collation.
        .orderBy(asc(sql`lower(${column}) COLLATE "C"`), asc(sql`${column} COLLATE "C"`));
      return rows.map((r) => r.value as string);
    },
  );
}
