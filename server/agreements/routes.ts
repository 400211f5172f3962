import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as actions from '../../src/schema/actions/agreements';
import { agreements as agreementEntity } from '../../src/schema';
import { entityTag } from '../../src/schema/actions/defineAction';
import { registerAction } from '../actions/registerAction';
import { getRecord } from '../crud/records';
import { parseId } from '../crud/registerEntityRoutes';
import { idParams } from '../openapi/commonSchemas';
import type { RouteDoc } from '../openapi/routeDoc';
import { agreementCosting, costingSchema } from './costing';
import { linesOfAgreement, visitRecords } from './agreementRecords';
import { lineSchedule, updateLine } from './lineChanges';
import { updateVisit } from './visitChanges';
import { ofAgreement, visitRangeCondition } from './visitQuery';
import { markSignedOnPaper } from './markSigned';
import { agreementSummary, agreementSummarySchema } from './summary';
import { agreementScanRoutes } from './scanRoutes';
import './agreementHooks';
import './overBudgetFilter';
import './termEndJob';

const TAG = entityTag(agreementEntity);
const visitList = z.object({ visits: z.array(actions.visitSchema) });

const docs = {
  one: {
    tag: TAG,
    summary: 'Get an agreement',
    description: 'The agreement with its lines (frozen from the signed revision) and its job costing so far.',
    params: idParams,
    responses: {
      200: z.looseObject({ id: z.number(), lines: z.array(actions.agreementLineSchema), costing: costingSchema }),
    },
  },
  summary: {
    tag: TAG,
    summary: 'Home’s agreements figures',
    responses: { 200: agreementSummarySchema },
  },
  visitsOfAgreement: {
    tag: TAG,
    summary: 'The visits of an agreement',
    params: idParams,
    responses: { 200: visitList },
  },
  visits: {
    tag: TAG,
    summary: 'Visits in a date range',
    description:
      'Every visit from `from` to `to` (office dates, inclusive, at most a year), filtered by `filter:service` (the line’s name), `filter:crew` and `filter:status`, each one value or several.',
    querystring: z.object({
      from: z.string().meta({ format: 'date' }),
      to: z.string().meta({ format: 'date' }),
      'filter:service': z.string().optional(),
      'filter:crew': z.string().optional(),
      'filter:status': z.string().optional(),
    }),
    responses: { 200: visitList },
  },
  schedule: {
    tag: TAG,
    summary: 'A line’s schedule',
    description: 'Its installments (`installments` lines) with their due dates and amounts, or its visits.',
    params: idParams,
    responses: {
      200: z.object({
        installments: z.array(z.object({ dueDate: z.string(), amount: z.number() })).optional(),
        visits: z.array(actions.visitSchema).optional(),
      }),
    },
  },
} satisfies Record<string, RouteDoc>;

type Params = { id: string };

/** Agreements (issue 40): an agreement with its lines, its visits and the Schedule's range, and the changes to lines and visits. */
export async function agreementRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.get('/agreements/summary', { config: { openapi: docs.summary } }, async () => agreementSummary(db, api.deps.now()));

  api.get<{ Params: Params }>('/agreements/:id', { config: { openapi: docs.one } }, async (request) => {
    const agreement = await getRecord(db, agreementEntity, parseId(request.params.id));
    const lines = await linesOfAgreement(db, agreement.id as number);
    return { ...agreement, lines, costing: await agreementCosting(db, agreement, lines, api.deps.now()) };
  });

  api.get<{ Params: Params }>('/agreements/:id/visits', { config: { openapi: docs.visitsOfAgreement } }, async (request) => {
    const agreement = await getRecord(db, agreementEntity, parseId(request.params.id));
    return { visits: await visitRecords(db, ofAgreement(agreement.id as number)) };
  });

  api.get<{ Querystring: Record<string, unknown> }>('/visits', { config: { openapi: docs.visits } }, async (request) => ({
    visits: await visitRecords(db, visitRangeCondition(request.query)),
  }));

  api.get<{ Params: Params }>('/agreementLines/:id/schedule', { config: { openapi: docs.schedule } }, async (request) =>
    lineSchedule(db, parseId(request.params.id)),
  );

  registerAction(api, actions.updateAgreementLine, async ({ ids, body }) => updateLine(db, ids.id, body));

  registerAction(api, actions.markEstimateSigned, async ({ ids, body, request }) =>
    markSignedOnPaper(db, ids.id, body, request.user!, api.deps.now()),
  );

  await api.register(agreementScanRoutes);

  registerAction(api, actions.updateVisit, async ({ ids, body, request }) =>
    updateVisit(db, ids.id, body, request.user?.id ?? null, api.deps.now()),
  );
}
