import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNotify } from 'react-admin';
import { ConfirmDialog } from '../../admin/forms/ConfirmDialog';
import { RecordDataTable } from '../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../admin/lists/columns';
import Typography from '@mui/material/Typography';
import { IMPORT_KIND_LABELS } from '../../domain/importing/targets';
import { DISCARDABLE_IMPORT_STATUSES, importStatusLabels, WORKING_IMPORT_STATUSES } from '../../domain/importing/importStatus';
import { ImportButton } from '../../resources/imports/ImportButton';
import { useImportActions, useImportHistory, type ImportHistoryEntry } from '../../resources/imports/useImports';
import { JobProgressBar } from '../../admin/jobs/JobProgressBar';
import { useCancelJob } from '../../admin/jobs/useJob';

/** The status, with the bar of the job at work on it, or why its last commit or undo did not happen. */
function StatusCell({ entry }: { entry: ImportHistoryEntry }) {
  const label = importStatusLabels[entry.status];
  if (WORKING_IMPORT_STATUSES.includes(entry.status) && entry.progress)
    return (
      <Stack spacing={0.5}>
        <span>{label}</span>
        <JobProgressBar label={`${label} ${entry.fileName}`} progress={entry.progress} showTimeLeft />
      </Stack>
    );
  return (
    <Stack spacing={0.5}>
      <span>{label}</span>
      {entry.error && (
        <Typography variant="caption" color={entry.status === 'failed' || entry.status === 'refused' ? 'error' : 'text.secondary'}>
          {entry.error}
        </Typography>
      )}
    </Stack>
  );
}

const historyColumns: ListColumn<ImportHistoryEntry>[] = [
  { source: 'createdAt', label: 'When', render: (entry) => new Date(entry.createdAt).toLocaleString('en-US') },
  { source: 'userName', label: 'Who' },
  { source: 'fileName', label: 'File' },
  { source: 'kind', label: 'Kind', render: (entry) => IMPORT_KIND_LABELS[entry.kind] },
  { source: 'status', label: 'Status', render: (entry) => <StatusCell entry={entry} /> },
  { source: 'created', label: 'Created', align: 'right' },
  { source: 'updated', label: 'Updated', align: 'right' },
  { source: 'skipped', label: 'Skipped', align: 'right' },
];

/**
 * Settings › Import (issue 25): a new import, and every import with who, when, the counts and
 * Undo; one being read or committed shows its bar, a commit can be stopped (issue 36), after a
 * reload too; one not committed (or refused) can be discarded.
 */
export function ImportTab() {
  const history = useImportHistory();
  const { undo, refresh } = useImportActions();
  const cancelJob = useCancelJob();
  // When the last commit or undo at work ends, the lists it changed are asked again.
  const working = history.data?.some((entry) => WORKING_IMPORT_STATUSES.includes(entry.status)) ?? false;
  const wasWorking = useRef(false);
  useEffect(() => {
    if (wasWorking.current && !working) void refresh();
    wasWorking.current = working;
  }, [working, refresh]);
  const notify = useNotify();
  const [undoing, setUndoing] = useState<ImportHistoryEntry | null>(null);
  const [error, setError] = useState<string | null>(null);

  const stop = async (entry: ImportHistoryEntry) => {
    setError(null);
    try {
      await cancelJob(entry.jobID!);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      await history.refetch();
    }
  };

  // Nothing of an import not committed was written: it goes at once, with no question.
  const discard = (entry: ImportHistoryEntry) => {
    setError(null);
    undo.mutate([entry.id], {
      onSuccess: () => notify(`${entry.fileName} discarded.`, { type: 'info' }),
      onError: (e) => setError(e instanceof Error ? e.message : String(e)),
    });
  };

  const undoColumn: ListColumn<ImportHistoryEntry> = {
    source: 'undo',
    label: '',
    render: (entry) => {
      if (entry.status === 'committed')
        return (
          <Button size="small" onClick={() => setUndoing(entry)} aria-label={`Undo ${entry.fileName}`}>
            Undo
          </Button>
        );
      if (entry.status === 'committing' && entry.jobID !== null)
        return (
          <Button size="small" onClick={() => stop(entry)} aria-label={`Stop the import of ${entry.fileName}`}>
            Stop
          </Button>
        );
      if (DISCARDABLE_IMPORT_STATUSES.includes(entry.status))
        return (
          <Button size="small" onClick={() => discard(entry)} aria-label={`Discard ${entry.fileName}`} disabled={undo.isPending}>
            Discard
          </Button>
        );
      return null;
    },
  };

  const confirmUndo = () => {
    const entry = undoing!;
    setError(null);
    undo.mutate([entry.id], {
      onSuccess: () => notify(`Undoing the import of ${entry.fileName}: its status below says when it is done.`, { type: 'info' }),
      onError: (e) => setError(e instanceof Error ? e.message : String(e)),
      onSettled: () => setUndoing(null),
    });
  };

  return (
    <Stack spacing={2}>
      <div>
        <ImportButton />
      </div>
      {error && <Alert severity="error">{error}</Alert>}
      {history.data && (
        <RecordDataTable
          columns={[...historyColumns, undoColumn]}
          rows={history.data}
          sortable={false}
          emptyText="No imports yet."
          aria-label="Imports"
        />
      )}
      <ConfirmDialog
        open={Boolean(undoing)}
        title="Undo Import"
        confirmLabel="Undo"
        isPending={undo.isPending}
        message={
          undoing
            ? `Undo the import of ${undoing.fileName}? The ${undoing.created} records it created are deleted and the ${undoing.updated} it updated get their previous values back.`
            : ''
        }
        onConfirm={confirmUndo}
        onClose={() => setUndoing(null)}
      />
    </Stack>
  );
}
