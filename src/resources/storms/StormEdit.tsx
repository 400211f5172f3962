import { Button, Card, CardContent } from '@mui/material';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Link as RouterLink } from 'react-router-dom';
import { storms } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { DetailPage } from '../../admin/detail/DetailPage';
import { EntityInputs } from '../../admin/generic/EntityInputs';

/**
 * /storms/:id (issue 41): the generic detail of a storm, with its Storm board (the crews' log,
 * on a phone) and its Close out (the visits billed) a click away.
 */
export function StormEdit() {
  const screens = resolveScreens(storms);
  return (
    <DetailPage
      entity={storms}
      afterDelete={{ to: `/${storms.route}` }}
      title={(record) => String(record.name ?? '')}
      leadingHeaderActions={(record) => (
        <>
          <Button component={RouterLink} to={`/storms/${record.id}/board`} variant="contained" startIcon={<AcUnitIcon />}>
            Storm board
          </Button>
          <Button component={RouterLink} to={`/storms/${record.id}/closeOut`} variant="outlined" startIcon={<FactCheckIcon />}>
            Close out
          </Button>
        </>
      )}
    >
      {() => (
        <Card>
          <CardContent>
            <EntityInputs entity={storms} fields={screens.editFields} />
          </CardContent>
        </Card>
      )}
    </DetailPage>
  );
}
