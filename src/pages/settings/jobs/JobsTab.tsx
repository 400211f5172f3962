import { useState } from 'react';
import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useNotify } from 'react-admin';
import { RecordDataTable } from '../../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../../admin/lists/columns';
import { useAccess } from '../../../admin/auth/useAccess';
import { accessMessages } from '../../../schema/userAccount';
import {
  JOB_STATUSES,
  jobKindLabel,
  jobProgressText,
  jobStatusLabels,
  jobTexts,
  type JobListRow,
  type JobStatus,
} from '../../../domain/jobs';
import { useJobs, useRetryJob } from './useJobs';
import { JobProgressBar } from '../../../admin/jobs/JobProgressBar';
import { shownInstant as when } from '../../../domain/officeDate';

function RetryButton({ job }: { job: JobListRow }) {
  const notify = useNotify();
  const { run, isPending } = useRetryJob();
  if (job.status !== 'failed') return null;
  return (
    <Button
      size="small"
      startIcon={<ReplayIcon />}
      disabled={isPending}
      aria-label={`${jobTexts.retry}: ${jobKindLabel(job.kind)} #${job.id}`}
      onClick={async () => {
        if (await run(job.id)) notify(jobTexts.retried, { type: 'success' });
      }}
    >
      {jobTexts.retry}
    </Button>
  );
}

function ProgressCell({ job }: { job: JobListRow }) {
  if (job.status !== 'running') return <>{jobProgressText(job.progress)}</>;
  return <JobProgressBar label={`${jobKindLabel(job.kind)} #${job.id}`} progress={job.progress} />;
}

const columns: ListColumn<JobListRow>[] = [
  { source: 'id', label: 'Job', render: (job) => `#${job.id}` },
  { source: 'kind', label: 'What', render: (job) => jobKindLabel(job.kind) },
  { source: 'owner', label: 'For', render: (job) => job.owner ?? '' },
  { source: 'status', label: 'Status', render: (job) => jobStatusLabels[job.status] },
  { source: 'progress', label: 'Progress', render: (job) => <ProgressCell job={job} /> },
  { source: 'attempts', label: 'Tries', render: (job) => String(job.attempts) },
  { source: 'createdAt', label: 'Queued', render: (job) => when(job.createdAt) },
  { source: 'finishedAt', label: 'Finished', render: (job) => when(job.finishedAt) },
  { source: 'error', label: 'Why it failed', render: (job) => <span style={{ overflowWrap: 'anywhere' }}>{job.error ?? ''}</span> },
  { source: 'retry', label: '', render: (job) => <RetryButton job={job} /> },
];

/** Settings › Jobs (issue 36): what ran, failed or waits, newest first, with a retry of a failed one. Admins only. */
export function JobsTab() {
  const { isPending: accessPending, isAdmin } = useAccess();
  const [status, setStatus] = useState<JobStatus | null>(null);
  const { data, isPending, error } = useJobs(status, isAdmin);
  if (accessPending) return null;
  if (!isAdmin) {
    return (
      <Alert severity="info" role="note">
        {accessMessages.adminOnly}
      </Alert>
    );
  }
  const shown = data?.jobs.length ?? 0;
  return (
    <Stack spacing={2} component="section" aria-labelledby="jobs-heading">
      <Typography variant="h6" component="h2" id="jobs-heading">
        {jobTexts.heading}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {jobTexts.note}
      </Typography>
      <TextField
        select
        size="small"
        label="Status"
        value={status ?? ''}
        onChange={(event) => setStatus((event.target.value || null) as JobStatus | null)}
        sx={{ maxWidth: 220 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{jobTexts.allStatuses}</MenuItem>
        {JOB_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {jobStatusLabels[value]}
          </MenuItem>
        ))}
      </TextField>
      {error ? (
        <Typography color="error">The jobs could not be loaded.</Typography>
      ) : (
        <>
          <RecordDataTable<JobListRow>
            columns={columns}
            rows={data?.jobs ?? []}
            isPending={isPending}
            sortable={false}
            emptyText={jobTexts.none}
            aria-label={jobTexts.heading}
          />
          {data && data.count > shown && (
            <Typography variant="body2" color="text.secondary">
              The newest {shown} of {data.count.toLocaleString('en-US')} are shown.
            </Typography>
          )}
        </>
      )}
    </Stack>
  );
}
