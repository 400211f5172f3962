import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { estimates } from '../../src/schema';
import { INT4_MAX } from '../../src/schema/validate';
import { parseId, writeContext } from '../crud/registerEntityRoutes';
import { inTransaction } from '../crud/records';
import { formInvalid } from '../errors';
import { restoreRevision as restoreRevisionAction } from '../../src/schema/actions/estimateRevisions';
import { registerAction } from '../actions/registerAction';
import { compareEstimateRevisions, listRevisions, revisionDetail } from './revisionHistory';
import { restoreRevision } from './restoreRevision';
import type { RouteDoc } from '../openapi/routeDoc';
import { idParam, idParams } from '../openapi/commonSchemas';
import { entityTag } from '../openapi/entityRouteDocs';
import { revisionComparisonSchema, revisionDetailSchema, revisionSummarySchema } from '../openapi/revisionSchemas';

type Params = { id: string; revision: string };

const revisionParams = z.object({ id: idParam, revision: z.string().regex(/^\d+$/).describe('A revision number (digits).') });
const revisionNumber = z.string().regex(/^\d+$/);

const docs = {
  list: {
    tag: entityTag(estimates),
    summary: "An estimate's revisions",
    description:
      'The frozen revisions (frozen when their first proposal was sent) in order, each with the proposals sent of it, and the current revision last while it is not frozen (frozenAt and frozenBy null, its figures live).',
    params: idParams,
    responses: { 200: z.object({ revisions: z.array(revisionSummarySchema) }) },
  },
  detail: {
    tag: entityTag(estimates),
    summary: 'One revision of an estimate',
    description:
      'A frozen revision as it was sent (never changes); the current one not yet frozen as the live estimate, in the same shape.',
    params: revisionParams,
    responses: { 200: revisionDetailSchema },
  },
  compare: {
    tag: entityTag(estimates),
    summary: 'Compare two revisions',
    description:
      'Areas matched by id (added, removed, changed: name, tax, included, subtotal, notes), items matched by id within the areas in both (added, removed, changed fields with old and new values), and the totals of both. 400 naming `from` or `to` when not a revision number.',
    params: idParams,
    querystring: z.object({ from: revisionNumber, to: revisionNumber }),
    responses: { 200: revisionComparisonSchema },
  },
} satisfies Record<string, RouteDoc>;

/** A revision number from a path or query value: 400 naming the field otherwise. */
function revisionOf(raw: unknown, field: string): number {
  const value = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(Number.isSafeInteger(value) && value >= 1 && value <= INT4_MAX)) {
    throw formInvalid({
      [field]: `${field === 'revision' ? 'Revision' : `${field[0].toUpperCase()}${field.slice(1)}`} must be a revision number.`,
    });
  }
  return value;
}

/**
 * Revisions of an estimate (issue 23; server/estimates/revisions.ts):
 * - `GET /api/estimates/:id/revisions` → `{revisions}`;
 * - `GET /api/estimates/:id/revisions/compare?from=&to=` → the comparison;
 * - `GET /api/estimates/:id/revisions/:revision` → the revision and its snapshot;
 * - `POST /api/estimates/:id/revisions/:revision/restore {version?}` → `{revision}` (declared in
 *   src/schema/actions/estimateRevisions.ts).
 */
export async function estimateRevisionRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const base = `/${estimates.route}/:id/revisions`;

  api.get<{ Params: Params }>(base, { config: { openapi: docs.list } }, async (request) => listRevisions(db, parseId(request.params.id)));

  api.get<{ Params: Params; Querystring: Record<string, unknown> }>(
    `${base}/compare`,
    { config: { openapi: docs.compare } },
    async (request) => {
      const id = parseId(request.params.id);
      const query = request.query ?? {};
      const errors: Record<string, string> = {};
      const read = (field: 'from' | 'to') => {
        try {
          return revisionOf(query[field], field);
        } catch (error) {
          Object.assign(errors, (error as { errors?: Record<string, string> }).errors);
          return 0;
        }
      };
      const from = read('from');
      const to = read('to');
      if (Object.keys(errors).length) throw formInvalid(errors);
      return compareEstimateRevisions(db, id, from, to);
    },
  );

  api.get<{ Params: Params }>(`${base}/:revision`, { config: { openapi: docs.detail } }, async (request) =>
    revisionDetail(db, parseId(request.params.id), revisionOf(request.params.revision, 'revision')),
  );

  registerAction(api, restoreRevisionAction, async ({ ids: { id }, texts, body, request }) => {
    const revision = revisionOf(texts.revision, 'revision');
    return inTransaction(db, (tx) => restoreRevision(tx, id, revision, body.version ?? undefined, writeContext(request)));
  });
}
