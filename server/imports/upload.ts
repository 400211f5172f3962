import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { importFileParts, imports } from '../db/tables/imports';
import { inTransaction } from '../crud/records';
import { badRequest, HttpError } from '../errors';
import type { ImportKind } from '../../src/domain/importing/targets';
import { IMPORT_READS_PER_USER, importMessages } from '../../src/domain/importing/importStatus';
import { JOB_KINDS } from '../../src/domain/jobs';
import { TooMuchHeavyWork } from '../work/heavyWork';
import { enqueueJob, makeJobDue } from '../jobs/queue';
import type { ParsedFile } from './parseFile';
import type { ImportUpload } from '../../src/schema/actions/imports';
import { nextTurn, storedImport, suggestionFor } from './importRecord';

/** An import's first step (issues 25 and 36): the upload, stored in parts, and the job that reads it. */

/** Reads an uploaded file's bytes off the event loop: the heavy-work pool's `readImportFile`, under the uploader's share. */
export type ImportFileReader = (bytes: Buffer) => Promise<ParsedFile>;

/** Characters of base64 a stored part of a file holds (a multiple of 4: each part decodes on its own). */
export const IMPORT_FILE_PART_CHARS = 256 * 1024;

/**
 * How long a reading job waits for its file's parts: the upload makes it due at once when the
 * last part is stored; a server that stopped part way leaves it to run then and refuse the file.
 */
const UPLOAD_GRACE_MS = 5 * 60_000;

/**
 * Stores an uploaded file and queues its reading (issue 36), its body checked by its declaration
 * (src/schema/actions/imports.ts: the kind, the name, base64, the 10 MB); the file itself is read by the
 * `importRead` job, on a worker thread, and refused there when it is not readable or passes a
 * limit. The file is stored in parts, a statement each (`import_file_parts`). Answers at once
 * with the import and its job.
 */
export async function createImport(
  db: Db,
  upload: ImportUpload,
  userId: number | null,
  now: number,
): Promise<{ id: number; jobID: number }> {
  const { kind, fileName: name, content: base64 } = upload;
  const parts = Math.ceil(base64.length / IMPORT_FILE_PART_CHARS);
  const queued = await inTransaction(db, async (tx) => {
    if (userId !== null) {
      const [{ waiting }] = await tx
        .select({ waiting: count() })
        .from(imports)
        .where(and(eq(imports.userId, userId), eq(imports.status, 'reading')));
      if (waiting >= IMPORT_READS_PER_USER) throw new HttpError(429, importMessages.tooManyReading);
    }
    const [row] = await tx
      .insert(imports)
      .values({ kind, fileName: name, userId, status: 'reading', columns: [], rows: [], rowCount: 0 })
      .returning({ id: imports.id });
    const payload: ReadPayload = { importID: row.id, parts };
    const jobID = await enqueueJob(tx, { kind: JOB_KINDS.importRead, payload, ownerId: userId, runAt: now + UPLOAD_GRACE_MS }, now);
    await tx.update(imports).set({ jobId: jobID }).where(eq(imports.id, row.id));
    return { id: row.id, jobID };
  });
  for (let partNo = 0; partNo < parts; partNo++) {
    await nextTurn();
    const data = base64.slice(partNo * IMPORT_FILE_PART_CHARS, (partNo + 1) * IMPORT_FILE_PART_CHARS);
    await db.insert(importFileParts).values({ importId: queued.id, partNo, data });
  }
  await makeJobDue(db, queued.jobID, now);
  return queued;
}

/** The reading job's payload: the import, and how many parts its file was stored in. */
export interface ReadPayload {
  importID: number;
  parts: number;
}

/**
 * The file's bytes from its stored parts, a statement each as they were written (on PGlite a
 * 10 MB file read at once held everyone's queries while it was decoded); undefined when some
 * are missing (its upload did not finish).
 */
async function storedFile(db: Db, importID: number, parts: number): Promise<Buffer | undefined> {
  const bytes: Buffer[] = [];
  for (let partNo = 0; partNo < parts; partNo++) {
    if (partNo > 0) await nextTurn();
    const [part] = await db
      .select({ data: importFileParts.data })
      .from(importFileParts)
      .where(and(eq(importFileParts.importId, importID), eq(importFileParts.partNo, partNo)));
    if (!part) return undefined;
    bytes.push(Buffer.from(part.data, 'base64'));
  }
  return Buffer.concat(bytes);
}

/**
 * The reading job's work: the stored file read on a worker thread (`read`), its rows kept and
 * its parts dropped; the import is then pending, waiting for its mapping. A file refused (not
 * readable, beyond a limit, its upload unfinished) is a 400 whose message the job's `failed`
 * hook keeps on the import. Run again (a crash), it reads again; once read, it answers what it read.
 */
export async function readImport(db: Db, { importID, parts }: ReadPayload, read: ImportFileReader) {
  const row = await storedImport(db, importID);
  const kind = row.kind as ImportKind;
  // Tried again (Settings › Jobs) once refused: its file is gone, and the reason stands.
  if (row.status === 'refused') throw badRequest(row.error ?? importMessages.unreadable);
  if (row.status !== 'reading') return { id: importID, columns: row.columns, ...suggestionFor(kind, row.columns), rowCount: row.rowCount };
  const file = await storedFile(db, importID, parts);
  if (!file) throw badRequest(importMessages.uploadUnfinished);
  let parsed: ParsedFile;
  try {
    parsed = await read(file);
  } catch (error) {
    if (error instanceof TooMuchHeavyWork) throw error;
    throw badRequest(error instanceof HttpError ? error.message : importMessages.unreadable);
  }
  await inTransaction(db, async (tx) => {
    await tx
      .update(imports)
      .set({ status: 'pending', columns: parsed.columns, rows: parsed.rows, rowCount: parsed.rows.length })
      .where(and(eq(imports.id, importID), eq(imports.status, 'reading')));
    await tx.delete(importFileParts).where(eq(importFileParts.importId, importID));
  });
  return { id: importID, columns: parsed.columns, ...suggestionFor(kind, parsed.columns), rowCount: parsed.rows.length };
}

/** A file that was not read: refused with why, and nothing of it kept. */
export async function refuseImport(db: Db, id: number, error: string) {
  await inTransaction(db, async (tx) => {
    await tx
      .update(imports)
      .set({ status: 'refused', error })
      .where(and(eq(imports.id, id), eq(imports.status, 'reading')));
    await tx.delete(importFileParts).where(eq(importFileParts.importId, id));
  });
}
