import { Card, CardContent } from '@mui/material';
import type { Entity } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { DetailPage } from '../detail/DetailPage';
import { EntityInputs } from './EntityInputs';

/** The detail of a declared entity (/<route>/:id): every field a user fills in, Save, and Delete that asks first. */
export function EntityDetailPage({ entity }: { entity: Entity }) {
  const screens = resolveScreens(entity);
  return (
    <DetailPage entity={entity} afterDelete={{ to: `/${entity.route}` }} title={(record) => String(record[screens.titleField] ?? '')}>
      {() => (
        <Card>
          <CardContent>
            <EntityInputs entity={entity} fields={screens.editFields} />
          </CardContent>
        </Card>
      )}
    </DetailPage>
  );
}
