import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useNotify } from 'react-admin';
import { ConfirmDialog } from '../../admin/forms/ConfirmDialog';
import { IMPORT_KIND_LABELS } from '../../domain/importing/targets';
import { ImportButton } from './ImportButton';
import { useImportActions, useImportHistory, type ImportHistoryEntry } from './useImports';

const STATUS_LABELS = { pending: 'Not committed', committed: 'Imported', undone: 'Undone' } as const;

/** Settings › Import (issue 25): a new import, and every import with who, when, the counts and Undo. */
export function ImportTab() {
  const history = useImportHistory();
  const { undo } = useImportActions();
  const notify = useNotify();
  const [undoing, setUndoing] = useState<ImportHistoryEntry | null>(null);
  const [error, setError] = useState<string | null>(null);

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
      {history.data && history.data.length === 0 && <Typography color="text.secondary">No imports yet.</Typography>}
      {history.data && history.data.length > 0 && (
        <Table size="small" aria-label="Imports">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Who</TableCell>
              <TableCell>File</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Created</TableCell>
              <TableCell align="right">Updated</TableCell>
              <TableCell align="right">Skipped</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{new Date(entry.createdAt).toLocaleString('en-US')}</TableCell>
                <TableCell>{entry.userName ?? ''}</TableCell>
                <TableCell>{entry.fileName}</TableCell>
                <TableCell>{IMPORT_KIND_LABELS[entry.kind]}</TableCell>
                <TableCell>{STATUS_LABELS[entry.status]}</TableCell>
                <TableCell align="right">{entry.created}</TableCell>
                <TableCell align="right">{entry.updated}</TableCell>
                <TableCell align="right">{entry.skipped}</TableCell>
                <TableCell>
                  {entry.status === 'committed' && (
                    <Button size="small" onClick={() => setUndoing(entry)} aria-label={`Undo ${entry.fileName}`}>
                      Undo
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
