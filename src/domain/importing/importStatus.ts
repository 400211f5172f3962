/**
 * An import's life (issues 25 and 36): uploaded and being read by a job (`reading`), not
 * readable or beyond a limit (`refused`, saying why; nothing of it is kept), read and waiting
 * for its mapping (`pending`), being written by a job (`committing`), written (`committed`),
 * not written (`failed`: nothing of it was kept, and it can be committed again), being undone
 * (`undoing`), undone. Shared by the server (server/imports/) and Settings › Import. Pure.
 */
export const IMPORT_STATUSES = ['reading', 'refused', 'pending', 'committing', 'committed', 'failed', 'undoing', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** An import in one of these may be committed (again). */
export const COMMITTABLE_IMPORT_STATUSES: readonly ImportStatus[] = ['pending', 'failed'];

/** An import in one of these wrote nothing: `DELETE /api/imports/:id` discards it. */
export const DISCARDABLE_IMPORT_STATUSES: readonly ImportStatus[] = ['pending', 'failed', 'refused'];

/** A job is at work on an import in one of these. */
export const WORKING_IMPORT_STATUSES: readonly ImportStatus[] = ['reading', 'committing', 'undoing'];

/**
 * How many files one user may have waiting to be read at once: the uploads stored and not yet
 * read are bounded (10 MB each), as the reading itself is by the user's share of the worker threads.
 */
export const IMPORT_READS_PER_USER = 3;

export const importStatusLabels: Record<ImportStatus, string> = {
  reading: 'Reading…',
  refused: 'Refused',
  pending: 'Not committed',
  committing: 'Importing…',
  committed: 'Imported',
  failed: 'Failed',
  undoing: 'Undoing…',
  undone: 'Undone',
};

const WORKING_VERBS: Partial<Record<ImportStatus, string>> = { reading: 'read', committing: 'committed', undoing: 'undone' };

export const importMessages = {
  notFound: 'Import not found.',
  alreadyDone: (status: ImportStatus) => `This import was already ${status}.`,
  busy: (status: ImportStatus) => `This import is being ${WORKING_VERBS[status] ?? 'committed'}; wait for it to finish.`,
  needsMapping: 'Choose the mapping (PUT /api/imports/:id/mapping) before committing.',
  interrupted: 'The server stopped while this import was being written. Nothing of it was kept: import it again.',
  writeFailed: 'The import could not be written. Nothing of it was kept: import it again.',
  undoFailed: 'The import could not be undone. Nothing was changed.',
  undoStoppedPartWay: 'The undo stopped part way: some of the records are back as they were. Undo the import again to finish it.',
  cancelled: 'Import cancelled. Nothing of it was kept.',
  unreadable: 'The file could not be read.',
  readingPhase: 'Reading the file',
  undoingPhase: 'Undoing',
  uploadUnfinished: 'The upload of this file did not finish: upload it again.',
  tooManyReading: `You already have ${IMPORT_READS_PER_USER} files being read. Wait for one of them to finish, then upload again.`,
};
