import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useApiGet } from '../../providers/useApiGet';
import type { DuplicateMode, ImportKind, ImportMapping } from '../../domain/importing/targets';

/** The API of imports (issue 25, server/routes/imports.ts). */
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
  status: 'pending' | 'committed' | 'undone';
  rowCount: number;
}

export const IMPORTS_QUERY = 'imports';

/** GET /api/imports: the imports made, newest first. */
export const useImportHistory = () =>
  useApiGet([IMPORTS_QUERY], '/imports', { pick: (body: { imports: ImportHistoryEntry[] }) => body.imports });

/** The wizard's calls; each that writes refreshes the history and the lists it may have changed. */
export function useImportActions() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  const upload = useMutation({
    mutationFn: (file: { kind: ImportKind; fileName: string; content: string }) =>
      dataProvider.request<UploadedImport>('POST', '/imports', { body: file }),
  });
  const preview = useMutation({
    mutationFn: ({ id, mapping, duplicates }: { id: number; mapping: ImportMapping; duplicates: DuplicateMode }) =>
      dataProvider.request<ImportPreview>('PUT', `/imports/${id}/mapping`, { body: { mapping, duplicates } }),
  });
  const commit = useMutation({
    mutationFn: (id: number) => dataProvider.request<ImportResult>('POST', `/imports/${id}/commit`, { body: {} }),
    onSettled: refresh,
  });
  const undo = useMutation({
    mutationFn: (id: number) => dataProvider.request<{ deleted: number; restored: number }>('DELETE', `/imports/${id}`),
    onSettled: refresh,
  });
  return { upload, preview, commit, undo };
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
