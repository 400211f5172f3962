import { asc, eq } from 'drizzle-orm';
import type { CustomFieldDefinition, CustomFieldEntity } from '../../src/schema/customFields';
import type { Db } from './connection';
import { keptRead } from './keptReads';
import { customFields } from './tables/customFields';

type Row = typeof customFields.$inferSelect;

export const definitionOf = (row: Row): CustomFieldDefinition => ({
  id: row.id,
  entity: row.entity,
  key: row.key,
  label: row.label,
  kind: row.kind,
  required: row.required,
  min: row.min,
  max: row.max,
  choices: row.choices,
  showInList: row.showInList,
  filterable: row.filterable,
  printOnProposal: row.printOnProposal,
  help: row.help,
  position: row.position,
  version: row.version,
});

/**
 * An entity's custom fields in the admin's order, read from the database each time (kept on
 * PGlite until anything writes): a field added by another server on the same PostgreSQL counts
 * from the next request, without a restart.
 */
export function customFieldsOf(db: Db, entity: CustomFieldEntity | string): Promise<CustomFieldDefinition[]> {
  return keptRead(db, `customFields ${entity}`, async () =>
    (
      await db
        .select()
        .from(customFields)
        .where(eq(customFields.entity, entity as CustomFieldEntity))
        .orderBy(asc(customFields.position), asc(customFields.id))
    ).map(definitionOf),
  );
}

/** Every entity's custom fields (the API document lists them), kept on PGlite until anything writes. */
export function allCustomFields(db: Db): Promise<CustomFieldDefinition[]> {
  return keptRead(db, 'customFields', async () =>
    (await db.select().from(customFields).orderBy(asc(customFields.entity), asc(customFields.position), asc(customFields.id))).map(
      definitionOf,
    ),
  );
}
