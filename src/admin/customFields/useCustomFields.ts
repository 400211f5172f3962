import { useApiGet } from '../../providers/useApiGet';
import { listCustomFields } from '../../schema/actions/customFields';
import { CUSTOM_FIELDS_QUERY } from '../../schema/actions/queryNames';
import type { CustomFieldDefinition, CustomFieldEntity } from '../../schema/customFields';

/** An entity's custom fields in the admin's order (issue 38), refreshed by every change in Settings › Fields. */
export function useCustomFields(entity: CustomFieldEntity, { enabled = true }: { enabled?: boolean } = {}) {
  return useApiGet<{ customFields: CustomFieldDefinition[] }, CustomFieldDefinition[]>(
    [CUSTOM_FIELDS_QUERY, entity],
    `${listCustomFields.path}?entity=${entity}`,
    { pick: (body) => body?.customFields ?? [], enabled },
  );
}
