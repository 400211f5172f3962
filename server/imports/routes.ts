import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DUPLICATE_MODES, IMPORT_KINDS, IMPORT_MAX_BYTES } from '../../src/domain/importing/targets';
import * as actions from '../../src/schema/actions/imports';
import { registerAction } from '../actions/registerAction';
import { parseId, writeContext } from '../crud/registerEntityRoutes';
import type { RouteDoc } from '../openapi/routeDoc';
import { idParams, idSchema } from '../openapi/commonSchemas';
import { createImport } from './upload';
import { IMPORT_HISTORY_MAX, importDetail, importHistory, setMapping, startCommit, startUndo } from './importService';
import '../imports/importJobs';
import { IMPORT_STATUSES } from '../../src/domain/importing/importStatus';

const TAG = 'Imports';
type Params = { id: string };

/** A 10 MB file is about 13.4 MB of base64; the JSON around it is small. */
export const IMPORT_BODY_LIMIT = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 256 * 1024;

const mappingSchema = z
  .record(z.string(), z.string().nullable())
  .describe('Target field → the file\'s column (its header), or null for "Not imported".');
const layoutSchema = z
  .object({ id: z.string(), label: z.string(), message: z.string() })
  .nullable()
  .describe(
    'The program the file is an export of, recognised by its headers (the suggested mapping is its preset); null for any other file.',
  );

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
} satisfies Record<string, RouteDoc>;

/**
 * Imports (issues 25 and 36), server/imports: the upload, the mapping's preview, the commit and
 * the undo as declared (src/schema/actions/imports.ts); `GET /api/imports` and `GET /api/imports/:id`.
 */
export async function importRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  registerAction(
    api,
    actions.uploadImport,
    async ({ body, request }) => {
      const queued = await createImport(db, body, writeContext(request).userId ?? null, api.deps.now());
      api.jobs.kick();
      return queued;
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );

  registerAction(api, actions.previewImport, async ({ ids, body }) => setMapping(db, ids.id, body));

  registerAction(api, actions.commitImport, async ({ ids, request }) => {
    const started = await startCommit(db, ids.id, request.user.id, api.deps.now());
    api.jobs.kick();
    return started;
  });

  api.get('/imports', { config: { openapi: docs.history } }, async () => importHistory(db));

  api.get<{ Params: Params }>('/imports/:id', { config: { openapi: docs.detail } }, async (request) =>
    importDetail(db, parseId(request.params.id)),
  );

  registerAction(api, actions.undoImport, async ({ ids, request }) => {
    const started = await startUndo(db, ids.id, request.user.id, api.deps.now());
    api.jobs.kick();
    return started;
  });
}
