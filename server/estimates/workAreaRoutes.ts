import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { workAreas } from '../../src/schema';
import { WORK_AREA_NOTES_STALE } from '../../src/schema/workAreas';
import { cloneWorkArea as cloneWorkAreaAction, saveWorkAreaNotes } from '../../src/schema/actions/workAreas';
import { registerAction } from '../actions/registerAction';
import * as tables from '../db/entityTables';
import { conflict } from '../errors';
import { sanitizeRichText } from '../richText';
import { parseId, writeContext } from '../crud/registerEntityRoutes';
import { getRecord, inTransaction } from '../crud/records';
import { lockEstimateOfAreaForChange } from './locks';
import { recomputeEstimateSubtotal } from './subtotals';
import { cloneWorkArea } from './cloneWorkArea';
import type { RouteDoc } from '../openapi/routeDoc';
import { createdSchema, idParams } from '../openapi/commonSchemas';
import { entityTag } from '../openapi/entityRouteDocs';

type Params = { id: string };

const cloneDoc = {
  tag: entityTag(workAreas),
  summary: 'Copy a work area',
  description: 'A copy in the same estimate, with its items and notes (GET and POST do the same).',
  params: idParams,
  responses: { 201: createdSchema },
} satisfies RouteDoc;

/**
 * Work areas beyond their generated CRUD (the actions declared in src/schema/actions/workAreas.ts):
 * - `PUT /api/workAreas/:id/notes {notes, previousNotes?}`: the notes alone, sanitised with the
 *   one rich-text allow-list; answers the stored area. Notes do not move the area's `version`
 *   (it guards the area form: name, tax, included), so saving notes never makes that form stale;
 *   instead `previousNotes`, the notes as the writer read them, must still be the stored ones
 *   (409 otherwise). Without it the write is unconditional, as SPEC §7's body allows.
 * - `GET /api/workAreas/:id/clone` (SPEC's method, declared; POST does the same): a copy in the same
 *   estimate with its items and notes → `201 {id}`.
 */
export async function workAreaRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const table = tables.workAreas;

  registerAction(api, saveWorkAreaNotes, async ({ ids: { id }, body, request }) => {
    const notes = body.notes === null ? null : sanitizeRichText(body.notes);
    const previous = body.previousNotes;
    return inTransaction(db, async (tx) => {
      const estimateID = await lockEstimateOfAreaForChange(tx, id);
      if (previous !== undefined) {
        const [stored] = await tx.select({ notes: table.notes }).from(table).where(eq(table.id, id));
        if ((stored?.notes ?? '') !== (previous ?? '')) throw conflict(WORK_AREA_NOTES_STALE);
      }
      await tx
        .update(table)
        .set({ notes, updatedAt: sql`now()` })
        .where(eq(table.id, id));
      await recomputeEstimateSubtotal(tx, estimateID, writeContext(request));
      return (await getRecord(tx, workAreas, id)) as Record<string, unknown> & { id: number };
    });
  });

  const clone = async (id: number, request: FastifyRequest, reply: FastifyReply) => {
    const newId = await inTransaction(db, (tx) => cloneWorkArea(tx, id, writeContext(request)));
    // A GET that writes: never answered from a cache.
    reply.header('cache-control', 'no-store');
    return { id: newId };
  };
  api.post<{ Params: Params }>(`/${workAreas.route}/:id/clone`, { config: { openapi: cloneDoc } }, async (request, reply) =>
    reply.status(201).send(await clone(parseId(request.params.id), request, reply)),
  );
  registerAction(api, cloneWorkAreaAction, ({ ids: { id }, request, reply }) => clone(id, request, reply));
}
