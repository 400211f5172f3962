import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useApiGet } from '../../providers/useApiGet';
import type { DuplicateMode, ImportKind, ImportMapping } from '../../domain/importing/targets';
import { WORKING_IMPORT_STATUSES, type ImportStatus } from '../../domain/importing/importStatus';
import type { JobProgress } from '../../domain/jobs';

/** The API of imports (issue 25, server/routes/imports.ts). A file read: its reading job's result. */
export interface UploadedImport {
  id: number;
  columns: string[];
  suggestedMapping: ImportMapping;
  /** The program the file is an export of (issue 35), its preset being the suggested mapping. */
  layout: { id: string; label: string; message: string } | null;
  rowCount: number;
}

type RowAction = 'create' | 'update' | 'skip';
/** A row's message, the row named by its number and its customer's (or item's) name. */
export interface ImportRowMessage {
  row: number;
  name: string | null;
  field: string;
  message: string;
}

export interface ImportPreview {
  valid: number;
  invalidRows: number;
  counts: Record<RowAction, number>;
  invalid: ImportRowMessage[];
  duplicates: { row: number; name: string | null; existingID: number | null; sameAsRow?: number; action: RowAction }[];
  notes: ImportRowMessage[];
}

export interface ImportResult {
  created: number;
  updated: number;
  skipped: number;
}

export interface ImportHistoryEntry extends ImportResult {
  id: number;
  kind: ImportKind;
  fileName: string;
  userName: string | null;
  createdAt: string;
  status: ImportStatus;
  rowCount: number;
  /** The job that commits or undoes it (the latest), and how far it has got while it works. */
  jobID: number | null;
  progress: JobProgress | null;
  /** Why the last commit or undo did not happen. */
  error: string | null;
}

/** A commit or an undo queued: its job (GET /api/jobs/:id follows it). */
export interface QueuedJob {
  jobID: number;
}

/** A file uploaded: the import, and the job reading it. */
export interface QueuedUpload extends QueuedJob {
  id: number;
}

/** While an import is being committed or undone, the history looks again this often. */
const WHILE_WORKING_MS = 1_000;

export const IMPORTS_QUERY = 'imports';

/** GET /api/imports: the imports made, newest first. */
export const useImportHistory = () =>
  useApiGet([IMPORTS_QUERY], '/imports', {
    pick: (body: { imports: ImportHistoryEntry[] }) => body.imports,
    refreshWhile: (entries) => (entries.some((entry) => WORKING_IMPORT_STATUSES.includes(entry.status)) ? WHILE_WORKING_MS : false),
  });

/**
 * The wizard's calls. An upload, a commit or an undo queues a job and answers at once; the
 * history then follows it, and `refresh` (when its job has finished) refreshes the lists it changed.
 */
export function useImportActions() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  const refreshHistory = () => queryClient.invalidateQueries({ queryKey: [IMPORTS_QUERY] });
  const upload = useMutation({
    mutationFn: (file: { kind: ImportKind; fileName: string; content: string }) =>
      dataProvider.request<QueuedUpload>('POST', '/imports', { body: file }),
    onSettled: refreshHistory,
  });
  const preview = useMutation({
    mutationFn: ({ id, mapping, duplicates }: { id: number; mapping: ImportMapping; duplicates: DuplicateMode }) =>
      dataProvider.request<ImportPreview>('PUT', `/imports/${id}/mapping`, { body: { mapping, duplicates } }),
  });
  const commit = useMutation({
    mutationFn: (id: number) => dataProvider.request<QueuedJob>('POST', `/imports/${id}/commit`, { body: {} }),
    onSettled: refreshHistory,
  });
  const undo = useMutation({
    mutationFn: (id: number) => dataProvider.request<QueuedJob>('DELETE', `/imports/${id}`),
    onSettled: refreshHistory,
  });
  return { upload, preview, commit, undo, refresh };
}

/** A browser File as base64 (without the data: prefix). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
