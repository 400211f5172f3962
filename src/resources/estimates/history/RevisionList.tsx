import { useState } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import RestoreIcon from '@mui/icons-material/Restore';
import { useNotify, type Identifier } from 'react-admin';
import { formatMoney } from '../../../domain/money';
import { ConfirmDialog } from '../../../admin/forms/ConfirmDialog';
import { useReportFailure } from '../../../admin/alerts/useReportFailure';
import { useRestoreRevision, type RevisionSummary } from './useRevisions';

const when = (instant: string) =>
  new Date(instant).toLocaleString('en-US', { month: 'numeric', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

function sentLine(revision: RevisionSummary): string {
  if (!revision.frozenAt) return 'Current · not sent';
  const proposals = revision.proposalIDs.length;
  const by = revision.frozenBy ? ` by ${revision.frozenBy}` : '';
  return `Sent ${when(revision.frozenAt)}${by} · ${proposals} proposal${proposals === 1 ? '' : 's'}`;
}

/** The revisions, newest first: sent when and by whom, their totals; an earlier one can be restored. */
export function RevisionList({ estimateId, revisions }: { estimateId: Identifier; revisions: RevisionSummary[] }) {
  const restore = useRestoreRevision(estimateId);
  const notify = useNotify();
  const reportFailure = useReportFailure();
  const [asked, setAsked] = useState<number | null>(null);
  const latest = revisions.at(-1)?.revision;

  const confirm = () => {
    if (asked === null) return;
    restore.mutate(asked, {
      onSuccess: (answer) => notify(`Revision R${asked} Restored as R${answer.revision}`, { type: 'success' }),
      onError: (error) => reportFailure(error),
      onSettled: () => setAsked(null),
    });
  };

  return (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Revisions">
      {[...revisions].reverse().map((revision) => (
        <Box
          component="li"
          key={revision.revision}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider', pb: 1 }}
        >
          <Chip label={`R${revision.revision}`} size="small" color={revision.revision === latest ? 'primary' : 'default'} />
          <Typography variant="body2" sx={{ flex: '1 1 12rem' }}>
            {sentLine(revision)}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            Total {formatMoney(Number(revision.total))}
          </Typography>
          {revision.revision !== latest && (
            <Button
              size="small"
              startIcon={<RestoreIcon />}
              onClick={() => setAsked(revision.revision)}
              aria-label={`Restore R${revision.revision}`}
            >
              Restore
            </Button>
          )}
        </Box>
      ))}
      <ConfirmDialog
        open={asked !== null}
        title={`Restore R${asked ?? ''}`}
        confirmLabel="Restore"
        message={`The work areas, items and notes become those of R${asked ?? ''}. The current ones stay in the history${
          revisions.at(-1)?.frozenAt ? ', and a new revision starts' : ''
        }.`}
        isPending={restore.isPending}
        onConfirm={confirm}
        onClose={() => setAsked(null)}
      />
    </Stack>
  );
}
