import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DUPLICATE_MODES, IMPORT_KINDS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../src/domain/importing/targets';
import { bodyOf, parseId, writeContext } from '../crud/registerEntityRoutes';
import type { RouteDoc } from '../openapi/routeDoc';
import { idParams, idSchema } from '../openapi/commonSchemas';
import { createImport } from '../imports/upload';
import { IMPORT_HISTORY_MAX, importDetail, importHistory, setMapping, startCommit, startUndo } from '../imports/importService';
import '../imports/importJobs';
import { IMPORT_READS_PER_USER, IMPORT_STATUSES } from '../../src/domain/importing/importStatus';

const TAG = 'Imports';
type Params = { id: string };

/** A 10 MB file is about 13.4 MB of base64; the JSON around it is small. */
export const IMPORT_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 256 * 1024;

const mappingSchema = z
  .record(z.string(), z.string().nullable())
  .describe('Target field → the file\'s column (its header), or null for "Not imported".');
const action = z.enum(['create', 'update', 'skip']);
const layoutSchema = z
  .object({ id: z.string(), label: z.string(), message: z.string() })
  .nullable()
  .describe(
    'The program the file is an export of, recognised by its headers (the suggested mapping is its preset); null for any other file.',
  );
const rowMessage = z.object({
  row: z.number().int(),
  name: z.string().nullable().describe("The row's customer (or item) name, as the file gives it."),
  field: z.string(),
  message: z.string(),
});

/** An import as `GET /api/imports` lists it. */
const historyEntrySchema = z.object({
  id: idSchema,
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  userID: idSchema.nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(IMPORT_STATUSES),
  rowCount: z.number().int(),
  duplicates: z.enum(DUPLICATE_MODES),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  committedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  jobID: idSchema.nullable().describe('The job that commits or undoes it (the latest).'),
  error: z.string().nullable().describe('Why the last commit or undo did not happen.'),
  progress: z
    .object({ done: z.number().int().nullable(), total: z.number().int().nullable(), phase: z.string().nullable() })
    .nullable()
    .describe('How far its job has got while it is committing or undoing; null otherwise.'),
});

const docs = {
  upload: {
    tag: TAG,
    summary: 'Upload a file to import',
    description: `A CSV (UTF-8 with or without a byte order mark, else Windows-1252; comma, semicolon or tab) or XLSX (its first sheet) of at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows, base64. Stores the file and answers 202 with the import (status \`reading\`) and the job that reads it, on a worker thread under the uploader's share. The job's result is the file's columns, a mapping suggested from its headers, the layout recognised and the row count; the import is then \`pending\` until the commit. A file that cannot be read, or that holds more than the limits (rows, columns, 70,000 characters a cell, an XLSX part that inflates beyond its cap), fails the job and leaves the import \`refused\` with the reason as its \`error\`, and nothing of the file kept. Not base64 or beyond 10 MB is a 400 naming \`content\`; a body beyond about 14 MB a 413; a user already having ${IMPORT_READS_PER_USER} files being read a 429.`,
    body: z.object({
      kind: z.enum(IMPORT_KINDS),
      fileName: z.string().min(1).max(255),
      content: z.string().describe('The file, base64 (a data: URL prefix is allowed).'),
    }),
    responses: { 202: z.object({ id: idSchema, jobID: idSchema.describe('The job reading it (GET /api/jobs/:id).') }) },
    errors: [413, 429],
  },
  mapping: {
    tag: TAG,
    summary: 'Map the columns and preview the import',
    description:
      "Keeps the mapping and duplicates mode and answers what the commit would do: the valid rows, each invalid row's field and the forms' message (rows numbered as in the file, the header being row 1), each probable duplicate with its action. Writes no record. 409 once committed or undone.",
    params: idParams,
    body: z.object({
      mapping: mappingSchema,
      duplicates: z.enum(DUPLICATE_MODES).optional().describe('skip (default), update or create.'),
    }),
    responses: {
      200: z.object({
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
            action,
          }),
        ),
        notes: z.array(rowMessage).describe("Values kept in the contact's notes: the other phones or emails of a list cell."),
      }),
    },
    errors: [409],
  },
  commit: {
    tag: TAG,
    summary: 'Commit an import',
    description:
      "Queues the import's commit as a job and answers 202 with its id straight away; `GET /api/jobs/:id` shows its progress, in records written, and `POST /api/jobs/:id/cancel` stops it. The job writes the valid rows as the preview says against what is stored then; invalid rows are never written and are counted as skipped with the skipped duplicates. All or nothing: one transaction on a database server; on the embedded database, short steps between which others' requests run, rolled back whole when it is cancelled, fails or its server stops (the import is then `failed` and can be committed again). The job's result is {created, updated, skipped}. 409 when the import is committed, undone or being worked on.",
    params: idParams,
    responses: { 202: z.object({ jobID: idSchema }) },
    errors: [409],
  },
  history: {
    tag: TAG,
    summary: 'The imports, newest first',
    description: `The last ${IMPORT_HISTORY_MAX} imports: who, when, the file, the kind, the status and the counts.`,
    responses: { 200: z.object({ imports: z.array(historyEntrySchema) }) },
  },
  detail: {
    tag: TAG,
    summary: 'One import',
    description:
      "The import as the history lists it, with the file's columns, the mapping suggested from its headers, the mapping chosen (null before the preview) and the layout recognised: what a wizard needs to take it up again, after a reload too. Before the file is read (and when it was refused), its columns are empty.",
    params: idParams,
    responses: {
      200: historyEntrySchema.extend({
        columns: z.array(z.string()),
        suggestedMapping: mappingSchema,
        mapping: mappingSchema.nullable(),
        layout: layoutSchema,
      }),
    },
  },
  undo: {
    tag: TAG,
    summary: 'Undo an import',
    description:
      "Queues the import's undo as a job and answers 202 with its id: it deletes what the import created and restores what it updated, in one transaction, or is refused (the job fails naming them, and the import stays committed) when any of those records was changed since or is used by a record made since. The job's result is {deleted, restored}. An import not committed is discarded. 409 when it is undone or being worked on.",
    params: idParams,
    responses: { 202: z.object({ jobID: idSchema }) },
    errors: [409],
  },
} satisfies Record<string, RouteDoc>;

/**
 * Imports (issues 25 and 36), server/imports: `POST /api/imports` → 202 {id, jobID} (the job
 * reads the file); `PUT /api/imports/:id/mapping` → the preview; `POST /api/imports/:id/commit` →
 * 202 {jobID}; `GET /api/imports`; `DELETE /api/imports/:id` (undo) → 202 {jobID}.
 */
export async function importRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.post('/imports', { bodyLimit: IMPORT_BODY_LIMIT, config: { openapi: docs.upload } }, async (request, reply) => {
    const queued = await createImport(db, bodyOf(request), writeContext(request).userId ?? null, api.deps.now());
    api.jobs.kick();
    return reply.status(202).send(queued);
  });

  api.put<{ Params: Params }>('/imports/:id/mapping', { config: { openapi: docs.mapping } }, async (request) => {
    const id = parseId(request.params.id);
    return setMapping(db, id, bodyOf(request));
  });

  api.post<{ Params: Params }>('/imports/:id/commit', { config: { openapi: docs.commit } }, async (request, reply) => {
    const started = await startCommit(db, parseId(request.params.id), request.user.id, api.deps.now());
    api.jobs.kick();
    return reply.status(202).send(started);
  });

  api.get('/imports', { config: { openapi: docs.history } }, async () => importHistory(db));

  api.get<{ Params: Params }>('/imports/:id', { config: { openapi: docs.detail } }, async (request) =>
    importDetail(db, parseId(request.params.id)),
  );

  api.delete<{ Params: Params }>('/imports/:id', { config: { openapi: docs.undo } }, async (request, reply) => {
    const started = await startUndo(db, parseId(request.params.id), request.user.id, api.deps.now());
    api.jobs.kick();
    return reply.status(202).send(started);
  });
}
