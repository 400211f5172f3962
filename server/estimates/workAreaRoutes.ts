import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { workAreas } from '../../src/schema';
import { WORK_AREA_NOTES_STALE } from '../../src/schema/workAreas';
import { checkField } from '../../src/schema/validate';
import * as tables from '../db/entityTables';
import { conflict, formInvalid } from '../errors';
import { sanitizeRichText } from '../richText';
import { bodyOf, parseId, writeContext } from '../crud/registerEntityRoutes';
import { getRecord, inTransaction } from '../crud/records';
import { lockEstimateOfAreaForChange } from './locks';
import { recomputeEstimateSubtotal } from './subtotals';
import { cloneWorkArea } from './cloneWorkArea';
import { z } from 'zod';
import type { RouteDoc } from '../openapi/routeDoc';
import { createdSchema, idParams } from '../openapi/commonSchemas';
import { entitySchemas } from '../openapi/entitySchemas';
import { entityTag } from '../openapi/entityRouteDocs';

type Params = { id: string };

const notesSchema = z.string().nullable().describe('Rich text (HTML), sanitised on write.');

const docs = {
  notes: {
    tag: entityTag(workAreas),
    summary: "Save a work area's notes",
    description: `The notes alone; they do not move the area's version. With previousNotes (the notes as read), 409 when they are no longer the stored ones: "${WORK_AREA_NOTES_STALE}"`,
    params: idParams,
    body: z.object({ notes: notesSchema, previousNotes: notesSchema.optional() }),
    responses: { 200: entitySchemas(workAreas).record },
    errors: [409],
  },
  clone: {
    tag: entityTag(workAreas),
    summary: 'Copy a work area',
    description: 'A copy in the same estimate, with its items and notes (GET and POST do the same).',
    params: idParams,
    responses: { 201: createdSchema },
  },
} satisfies Record<string, RouteDoc>;

/**
 * Work areas beyond their generated CRUD:
 * - `PUT /api/workAreas/:id/notes {notes, previousNotes?}`: the notes alone, sanitised with the
 *   one rich-text allow-list; answers the stored area. Notes do not move the area's `version`
 *   (it guards the area form: name, tax, included), so saving notes never makes that form stale;
 *   instead `previousNotes`, the notes as the writer read them, must still be the stored ones
 *   (409 otherwise). Without it the write is unconditional, as SPEC §7's body allows.
 * - `GET /api/workAreas/:id/clone` (SPEC's method; POST does the same): a copy in the same
 *   estimate with its items and notes → `201 {id}`.
 */
export async function workAreaRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const table = tables.workAreas;
  const notesField = workAreas.field('notes')!;

  api.put<{ Params: Params }>(`/${workAreas.route}/:id/notes`, { config: { openapi: docs.notes } }, async (request) => {
    const id = parseId(request.params.id);
    const body = bodyOf(request);
    if (!('notes' in body)) throw formInvalid({ notes: `${notesField.label} are missing from the request.` });
    const outcome = checkField(notesField, body.notes);
    if ('error' in outcome) throw formInvalid({ notes: outcome.error });
    const notes = typeof outcome.value === 'string' ? sanitizeRichText(outcome.value) : null;
    const previous = 'previousNotes' in body ? body.previousNotes : undefined;
    if (previous !== undefined && previous !== null && (typeof previous !== 'string' || 'error' in checkField(notesField, previous))) {
      throw formInvalid({ previousNotes: 'Previous notes are invalid.' });
    }
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
      return getRecord(tx, workAreas, id);
    });
  });

  const clone = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const id = parseId(request.params.id);
    const newId = await inTransaction(db, (tx) => cloneWorkArea(tx, id, writeContext(request)));
    // A GET that writes: never answered from a cache.
    return reply.status(201).header('cache-control', 'no-store').send({ id: newId });
  };
  api.get<{ Params: Params }>(`/${workAreas.route}/:id/clone`, { config: { openapi: docs.clone } }, clone);
  api.post<{ Params: Params }>(`/${workAreas.route}/:id/clone`, { config: { openapi: docs.clone } }, clone);
}
