/** Imports (issues 25 and 36): upload a file, map its columns, commit it as a job, undo it. */
import { z } from 'zod';
import { IMPORT_READS_PER_USER } from '../../domain/importing/importStatus';
import { DUPLICATE_MODES, IMPORT_KINDS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../domain/importing/targets';
import { uploadBase64, uploadContentError } from '../../domain/importing/uploadContent';
import { idSchema } from './answers';
import { defineAction, type ActionBody } from './defineAction';
import { requiredText } from './fields';
import { IMPORTS_QUERY } from './queryNames';

const TAG = 'Imports';
const FILE_NAME_MAX = 255;

export const importRequestMessages = {
  kind: `Kind must be one of ${IMPORT_KINDS.join(', ')}.`,
  mappingRequired: 'Mapping is required: an object of field → column.',
  column: (target: string) => `The column of "${target.slice(0, 100)}" must be a column name or null.`,
  duplicates: `Duplicates must be one of ${DUPLICATE_MODES.join(', ')}.`,
} as const;

/** A job queued for the import: GET /api/jobs/:id follows it. */
const queuedJob = z.object({ jobID: idSchema.describe('The job (GET /api/jobs/:id).') });

export const uploadImport = defineAction({
  name: 'uploadImport',
  method: 'POST',
  path: '/imports',
  access: 'user',
  tag: TAG,
  summary: 'Upload a file to import',
  description: `A CSV (UTF-8 with or without a byte order mark, else Windows-1252; comma, semicolon or tab) or XLSX (its first sheet) of at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows, base64. Stores the file and answers 202 with the import (status \`reading\`) and the job that reads it, on a worker thread under the uploader's share. The job's result is the file's columns, a mapping suggested from its headers, the layout recognised and the row count; the import is then \`pending\` until the commit. A file that cannot be read, or that holds more than the limits (rows, columns, 70,000 characters a cell, an XLSX part that inflates beyond its cap), fails the job and leaves the import \`refused\` with the reason as its \`error\`, and nothing of the file kept. Not base64 or beyond 10 MB is a 400 naming \`content\`; a body beyond about 14 MB a 413; a user already having ${IMPORT_READS_PER_USER} files being read a 429.`,
  body: z.object({
    kind: z.enum(IMPORT_KINDS, { error: importRequestMessages.kind }),
    fileName: z.preprocess(
      // A browser may send the path the file was picked from: its name is the last part.
      (name) => (typeof name === 'string' ? name.replace(/^.*[\\/]/, '') : name),
      requiredText('File name', { max: FILE_NAME_MAX, oneLine: true }),
    ),
    content: z
      .unknown()
      .transform((content, context) => {
        const error = uploadContentError(content);
        if (error === null) return uploadBase64(content as string);
        context.addIssue({ code: 'custom', message: error });
        return z.NEVER;
      })
      .describe('The file, base64 (a data: URL prefix is allowed).'),
  }),
  status: 202,
  answer: z.object({ id: idSchema }).extend(queuedJob.shape),
  errors: [413, 429],
  invalidates: [IMPORTS_QUERY],
});

/** Target field → the file's column (its header), or null for "Not imported". */
const mapping = z
  .record(z.string(), z.unknown(), { error: importRequestMessages.mappingRequired })
  .superRefine((given, context) => {
    for (const [target, column] of Object.entries(given)) {
      if (column !== null && typeof column !== 'string')
        return context.addIssue({ code: 'custom', message: importRequestMessages.column(target) });
    }
  })
  .transform((given) => given as Record<string, string | null>)
  .describe('Target field → the file\'s column (its header), or null for "Not imported".');

const rowMessage = z.object({
  row: z.number().int(),
  name: z.string().nullable().describe("The row's customer (or item) name, as the file gives it."),
  field: z.string(),
  message: z.string(),
});
const rowAction = z.enum(['create', 'update', 'skip']);

export const previewImport = defineAction({
  name: 'previewImport',
  method: 'PUT',
  path: '/imports/:id/mapping',
  access: 'user',
  tag: TAG,
  summary: 'Map the columns and preview the import',
  description:
    "Keeps the mapping and duplicates mode and answers what the commit would do: the valid rows, each invalid row's field and the forms' message (rows numbered as in the file, the header being row 1), each probable duplicate with its action. Writes no record. A mapping naming a field the kind does not have, or a column the file does not have, is a 400 naming `mapping`; 409 once committed or undone.",
  body: z.object({
    mapping,
    duplicates: z
      .enum(DUPLICATE_MODES, { error: importRequestMessages.duplicates })
      .nullish()
      .transform((mode) => mode ?? 'skip')
      .describe('skip (default), update or create.'),
  }),
  status: 200,
  answer: z.object({
    valid: z.number().int().min(0),
    invalidRows: z.number().int().min(0).describe('The rows refused, each once; skipped by the commit.'),
    counts: z
      .object({ create: z.number().int().min(0), update: z.number().int().min(0), skip: z.number().int().min(0) })
      .describe('What the commit does with the valid rows; with invalidRows they add up to the rows of the file.'),
    invalid: z.array(rowMessage),
    duplicates: z.array(
      z.object({
        row: z.number().int(),
        name: z.string().nullable().describe("The row's customer (or item) name."),
        existingID: idSchema.nullable().describe('The stored record; null when the row repeats an earlier row of the file.'),
        sameAsRow: z.number().int().optional().describe('The earlier row of the file this one repeats.'),
        action: rowAction,
      }),
    ),
    notes: z.array(rowMessage).describe("Values kept in the contact's notes: the other phones or emails of a list cell."),
  }),
  errors: [409],
  invalidates: [IMPORTS_QUERY],
});

export const commitImport = defineAction({
  name: 'commitImport',
  method: 'POST',
  path: '/imports/:id/commit',
  access: 'user',
  tag: TAG,
  summary: 'Commit an import',
  description:
    "Queues the import's commit as a job and answers 202 with its id straight away; `GET /api/jobs/:id` shows its progress, in records written, and `POST /api/jobs/:id/cancel` stops it. The job writes the valid rows as the preview says against what is stored then; invalid rows are never written and are counted as skipped with the skipped duplicates. All or nothing: one transaction on a database server; on the embedded database, short steps between which others' requests run, rolled back whole when it is cancelled, fails or its server stops (the import is then `failed` and can be committed again). The job's result is {created, updated, skipped}. 409 when the import is committed, undone or being worked on.",
  status: 202,
  answer: queuedJob,
  errors: [409],
  invalidates: [IMPORTS_QUERY],
});

export const undoImport = defineAction({
  name: 'undoImport',
  method: 'DELETE',
  path: '/imports/:id',
  access: 'user',
  tag: TAG,
  summary: 'Undo an import',
  description:
    "Queues the import's undo as a job and answers 202 with its id: it deletes what the import created and restores what it updated, in one transaction, or is refused (the job fails naming them, and the import stays committed) when any of those records was changed since or is used by a record made since. The job's result is {deleted, restored}. An import not committed is discarded. 409 when it is undone or being worked on.",
  status: 202,
  answer: queuedJob,
  errors: [409],
  invalidates: [IMPORTS_QUERY],
});

export type ImportUpload = ActionBody<typeof uploadImport>;
export type ImportMappingRequest = ActionBody<typeof previewImport>;
