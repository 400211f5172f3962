import { useQueryClient } from '@tanstack/react-query';
import { useApiAction } from '../../admin/actions/useApiAction';
import type { Actions } from '../../schema/actions';
import type { ActionAnswer } from '../../schema/actions/defineAction';
import { IMPORTS_QUERY } from '../../schema/actions/queryNames';
import { useApiGet } from '../../providers/useApiGet';
import type { ImportKind, ImportMapping } from '../../domain/importing/targets';
import { WORKING_IMPORT_STATUSES, type ImportStatus } from '../../domain/importing/importStatus';
import type { JobProgress } from '../../domain/jobs';

/** The API of imports (issues 25 and 36, src/schema/actions/imports.ts). A file read: its reading job's result. */
export interface UploadedImport {
  id: number;
  columns: string[];
  suggestedMapping: ImportMapping;
  /** The program the file is an export of (issue 35), its preset being the suggested mapping. */
  layout: { id: string; label: string; message: string } | null;
  rowCount: number;
}

/** What the commit would do (`PUT /api/imports/:id/mapping`). */
export type ImportPreview = ActionAnswer<Actions['previewImport']>;
/** A row's message, the row named by its number and its customer's (or item's) name. */
export type ImportRowMessage = ImportPreview['invalid'][number];

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

/** While an import is being committed or undone, the history looks again this often. */
const WHILE_WORKING_MS = 1_000;

/** GET /api/imports: the imports made, newest first. */
export const useImportHistory = () =>
  useApiGet([IMPORTS_QUERY], '/imports', {
    pick: (body: { imports: ImportHistoryEntry[] }) => body.imports,
    refreshWhile: (entries) => (entries.some((entry) => WORKING_IMPORT_STATUSES.includes(entry.status)) ? WHILE_WORKING_MS : false),
  });

/**
 * The wizard's calls, as declared (src/schema/actions/imports.ts). An upload, a commit or an
 * undo queues a job and answers at once; the history then follows it, and `refresh` (when its
 * job has finished) refreshes the lists it changed.
 */
export function useImportActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  const upload = useApiAction('uploadImport');
  const preview = useApiAction('previewImport');
  const commit = useApiAction('commitImport');
  const undo = useApiAction('undoImport');
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
