import type { RaRecord } from 'react-admin';
import type { Entity } from '../../schema';
import { resolveScreens } from '../../schema/screens';

/** The checkbox of a row, named by the record's title: 'Select customer Acme Lawns'. */
export function selectionLabelOf(entity: Entity): (record: RaRecord) => string {
  const { titleField } = resolveScreens(entity);
  return (record) => `Select ${entity.singular} ${String(record[titleField] ?? record.id)}`;
}
