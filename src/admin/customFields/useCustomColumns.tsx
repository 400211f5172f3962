import type { RaRecord } from 'react-admin';
import { Stack } from '@mui/material';
import { customErrorKey, customValueText, isNumericKind, type CustomFieldEntity } from '../../schema/customFields';
import type { ListColumn } from '../lists/columns';
import { CustomFieldFilter } from './CustomFieldFilter';
import { useCustomFields } from './useCustomFields';

/** What a list needs to know of its entity for custom fields: its name, and whether it has them. */
export interface CustomFieldsOwner {
  name: string;
  customFields?: boolean;
}

const ownedFields = (entity: CustomFieldsOwner) => ({ name: entity.name as CustomFieldEntity, enabled: entity.customFields === true });

/**
 * The columns of the custom fields an admin shows in the entity's list (issue 38), after the
 * declared ones: sortable by `custom.<key>`, with their filter in the header when filterable.
 */
export function useCustomColumns<R extends RaRecord>(entity: CustomFieldsOwner): ListColumn<R>[] {
  const { name, enabled } = ownedFields(entity);
  const { data: definitions = [] } = useCustomFields(name, { enabled });
  return definitions
    .filter((definition) => definition.showInList)
    .map((definition) => ({
      source: customErrorKey(definition.key),
      label: definition.label,
      sortKey: customErrorKey(definition.key),
      align: isNumericKind(definition.kind) ? ('right' as const) : undefined,
      render: (record: R) => customValueText(definition, (record.custom as Record<string, unknown> | undefined)?.[definition.key]),
      headerAction: definition.filterable ? <CustomFieldFilter definition={definition} /> : undefined,
    }));
}

/** The filters of the filterable custom fields that have no column: labelled buttons beside the search. */
export function CustomFieldFilters({ entity }: { entity: CustomFieldsOwner }) {
  const { name, enabled } = ownedFields(entity);
  const { data: definitions = [] } = useCustomFields(name, { enabled });
  const unlisted = definitions.filter((definition) => definition.filterable && !definition.showInList);
  if (!unlisted.length) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
      {unlisted.map((definition) => (
        <CustomFieldFilter key={definition.id} definition={definition} labelled />
      ))}
    </Stack>
  );
}
