import { Button, Stack, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useNotify } from 'react-admin';
import { RecordDataTable } from '../../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../../admin/lists/columns';
import { mailKindLabels, mailTexts, type FailedMail } from '../../../domain/mailDelivery';
import { useFailedMail, useResendMail } from './useFailedMail';
import { shownInstant as when } from '../../../domain/officeDate';

function ResendButton({ mail }: { mail: FailedMail }) {
  const notify = useNotify();
  const { run, isPending } = useResendMail();
  return (
    <Button
      size="small"
      startIcon={<ReplayIcon />}
      disabled={isPending}
      aria-label={`${mailTexts.resend}: ${mail.subject}`}
      onClick={async () => {
        if (await run(mail.id)) notify(mailTexts.resent, { type: 'success' });
      }}
    >
      {mailTexts.resend}
    </Button>
  );
}

function columnsFor(withEstimate: boolean): ListColumn<FailedMail>[] {
  return [
    { source: 'kind', label: 'Message', render: (mail) => mailKindLabels[mail.kind] },
    ...(withEstimate ? [{ source: 'estimateLabel', label: 'Estimate', render: (mail: FailedMail) => mail.estimateLabel ?? '' }] : []),
    { source: 'to', label: 'To', render: (mail) => mail.to.join(', ') },
    { source: 'error', label: 'Why', render: (mail) => <span style={{ overflowWrap: 'anywhere' }}>{mail.error}</span> },
    { source: 'failedAt', label: 'Failed', render: (mail) => when(mail.failedAt) },
    { source: 'resend', label: '', render: (mail) => <ResendButton mail={mail} /> },
  ];
}

/**
 * The mail that finally failed (issue 35), each with Send again: every message under Settings ›
 * Email, an estimate's own on its Proposals panel (`estimateId`, shown only when there are some).
 */
export function FailedMailList({ estimateId }: { estimateId?: number | string }) {
  const { data, isPending, error } = useFailedMail(estimateId);
  const scoped = estimateId !== undefined;
  if (scoped && !data?.length) return null;
  return (
    <Stack spacing={1} component="section" aria-labelledby={`failed-mail-heading-${estimateId ?? 'all'}`}>
      <Typography
        variant="subtitle1"
        component="h3"
        id={`failed-mail-heading-${estimateId ?? 'all'}`}
        color={data?.length ? 'error' : undefined}
      >
        {mailTexts.failedHeading}
      </Typography>
      {!scoped && (
        <Typography variant="body2" color="text.secondary">
          {mailTexts.retryNote}
        </Typography>
      )}
      {error ? (
        <Typography color="error">The failed mail could not be loaded.</Typography>
      ) : (
        <RecordDataTable<FailedMail>
          columns={columnsFor(!scoped)}
          rows={data ?? []}
          isPending={isPending}
          sortable={false}
          emptyText={mailTexts.noneFailed}
          aria-label={mailTexts.failedHeading}
        />
      )}
    </Stack>
  );
}
