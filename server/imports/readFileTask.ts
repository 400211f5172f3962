import { badRequest } from '../errors';
import { bufferOf, defineHeavyTask } from '../work/featureTasks';
import type { HeavyWork } from '../work/heavyWork';
import type { ParsedFile } from './table';

/**
 * A file that the import's limits let through but that fills the thread's heap all the same: the
 * limits are meant to refuse every such file first, and this says the same to the user if not.
 */
export const IMPORT_FILE_TOO_LARGE = 'The file is too large to read.';

/**
 * An uploaded import file read into its columns and rows (./parseFile.ts) on a heavy-work thread;
 * a 400 when it cannot be. The reader (papaparse, the XLSX stream) loads on the thread only.
 */
export const readImportFileTask = defineHeavyTask('readImportFile', async ({ bytes }: { bytes: Uint8Array }): Promise<ParsedFile> => {
  const { parseFile } = await import('./parseFile');
  return parseFile(bufferOf(bytes));
});

export const readImportFileOffThread = (heavyWork: HeavyWork, owner: string, bytes: Buffer) =>
  heavyWork.run(owner, readImportFileTask, { bytes }, () => badRequest(IMPORT_FILE_TOO_LARGE));
