import { Card, CardContent, CardHeader, Stack } from '@mui/material';
import type { CustomFieldEntity } from '../../schema/customFields';
import { CustomFieldInput } from './CustomFieldInput';
import { useCustomFields } from './useCustomFields';

/** The inputs of an entity's custom fields, in the admin's order (none: nothing). */
export function CustomFieldInputs({ entity }: { entity: CustomFieldEntity }) {
  const { data: definitions = [] } = useCustomFields(entity);
  return definitions.map((definition) => <CustomFieldInput key={definition.id} definition={definition} />);
}

/** Issue 38: the "More" card of a detail page, holding the fields an admin added in Settings › Fields. */
export function CustomFieldsCard({ entity }: { entity: CustomFieldEntity }) {
  const { data: definitions = [] } = useCustomFields(entity);
  if (!definitions.length) return null;
  return (
    <Card>
      <CardHeader title="More" />
      <CardContent>
        <Stack>
          {definitions.map((definition) => (
            <CustomFieldInput key={definition.id} definition={definition} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
