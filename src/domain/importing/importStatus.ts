/**
 * An import's life (issues 25 and 36): uploaded and waiting for its mapping (`pending`), being
 * written by a job (`committing`), written (`committed`), not written (`failed`: nothing of it
 * was kept, and it can be committed again), being undone (`undoing`), undone. Shared by the
 * server (server/imports/) and Settings › Import. Pure.
 */
export const IMPORT_STATUSES = ['pending', 'committing', 'committed', 'failed', 'undoing', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** An import in one of these may be committed (again). */
export const COMMITTABLE_IMPORT_STATUSES: readonly ImportStatus[] = ['pending', 'failed'];

/** A job is at work on an import in one of these. */
export const WORKING_IMPORT_STATUSES: readonly ImportStatus[] = ['committing', 'undoing'];

export const importStatusLabels: Record<ImportStatus, string> = {
  pending: 'Not committed',
  committing: 'Importing…',
  committed: 'Imported',
  failed: 'Failed',
  undoing: 'Undoing…',
  undone: 'Undone',
};

export const importMessages = {
  notFound: 'Import not found.',
  alreadyDone: (status: ImportStatus) => `This import was already ${status}.`,
  busy: (status: ImportStatus) => `This import is being ${status === 'undoing' ? 'undone' : 'committed'}; wait for it to finish.`,
  needsMapping: 'Choose the mapping (PUT /api/imports/:id/mapping) before committing.',
  interrupted: 'The server stopped while this import was being written. Nothing of it was kept: import it again.',
  writeFailed: 'The import could not be written. Nothing of it was kept: import it again.',
  undoFailed: 'The import could not be undone. Nothing was changed.',
  cancelled: 'Import cancelled. Nothing of it was kept.',
};
