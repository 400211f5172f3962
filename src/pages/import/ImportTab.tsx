import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNotify } from 'react-admin';
import { ConfirmDialog } from '../../admin/forms/ConfirmDialog';
import { RecordDataTable } from '../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../admin/lists/columns';
import { IMPORT_KIND_LABELS } from '../../domain/importing/targets';
import { ImportButton } from './ImportButton';
import { useImportActions, useImportHistory, type ImportHistoryEntry } from './useImports';

const STATUS_LABELS = { pending: 'Not committed', committed: 'Imported', undone: 'Undone' } as const;

const historyColumns: ListColumn<ImportHistoryEntry>[] = [
  { source: 'createdAt', label: 'When', render: (entry) => new Date(entry.createdAt).toLocaleString('en-US') },
  { source: 'userName', label: 'Who' },
  { source: 'fileName', label: 'File' },
  { source: 'kind', label: 'Kind', render: (entry) => IMPORT_KIND_LABELS[entry.kind] },
  { source: 'status', label: 'Status', render: (entry) => STATUS_LABELS[entry.status] },
  { source: 'created', label: 'Created', align: 'right' },
  { source: 'updated', label: 'Updated', align: 'right' },
  { source: 'skipped', label: 'Skipped', align: 'right' },
];

/** Settings › Import (issue 25): a new import, and every import with who, when, the counts and Undo. */
export function ImportTab() {
  const history = useImportHistory();
  const { undo } = useImportActions();
  const notify = useNotify();
  const [undoing, setUndoing] = useState<ImportHistoryEntry | null>(null);
  const [error, setError] = useState<string | null>(null);

  const undoColumn: ListColumn<ImportHistoryEntry> = {
    source: 'undo',
    label: '',
    render: (entry) =>
      entry.status === 'committed' && (
        <Button size="small" onClick={() => setUndoing(entry)} aria-label={`Undo ${entry.fileName}`}>
          Undo
        </Button>
      ),
  };

  const confirmUndo = () => {
    const entry = undoing!;
    setError(null);
    undo.mutate(entry.id, {
      onSuccess: (r) => notify(`Import undone: ${r.deleted} records deleted, ${r.restored} restored.`, { type: 'info' }),
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
