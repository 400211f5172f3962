import { Button, Chip, Link, Stack } from '@mui/material';
import { useGetManyReference, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { agreements } from '../../../schema';
import { AGREEMENT_STATUS_LABELS } from '../../../schema/agreements';
import { choiceLabel } from '../../../domain/choiceLabels';
import { ALL_ROWS } from '../../../admin/lists/pageLinks';
import { useDialogState } from '../../../admin/forms/useDialogState';
import { MarkSignedDialog } from './MarkSignedDialog';

/**
 * What the estimate's signatures made (issue 40): its agreements, each a link, and Mark Signed…
 * for a client who signed on paper.
 */
export function EstimateAgreements({ estimate }: { estimate: RaRecord }) {
  const dialog = useDialogState();
  const { data: made = [] } = useGetManyReference(agreements.name, {
    target: 'estimateID',
    id: estimate.id,
    pagination: { ...ALL_ROWS },
    sort: { field: agreements.defaultSort.key, order: agreements.defaultSort.direction },
  });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {made.map((agreement) => (
        <Link key={agreement.id} component={RouterLink} to={`/${agreements.route}/${agreement.id}`}>
          Agreement {agreement.number}
          <Chip size="small" label={choiceLabel(AGREEMENT_STATUS_LABELS, agreement.status)} sx={{ ml: 0.5 }} />
        </Link>
      ))}
      <Button size="small" onClick={() => dialog.open(true)}>
        Mark Signed…
      </Button>
      {dialog.isOpen && <MarkSignedDialog estimate={estimate} onClose={dialog.close} />}
    </Stack>
  );
}
