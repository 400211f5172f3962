import type { FastifyInstance } from 'fastify';
import { estimates } from '../../src/schema';
import { generateTemplate, templateRequestMessages } from '../../src/schema/actions/estimateTemplates';
import { registerAction } from '../actions/registerAction';
import { formInvalid } from '../errors';
import { writeContext } from '../crud/registerEntityRoutes';
import { findRecord, inTransaction } from '../crud/records';
import { generateFromTemplate } from './templateGeneration';

/**
 * `POST /api/estimates/generateTemplate {estimateID, tax, category}` → `201 {ids}` (declared in
 * src/schema/actions/estimateTemplates.ts): the template's work areas added to the estimate in
 * the template's order (tax as given, NJ by
 * default; category LM by default), items priced from the catalogue and its size rules now,
 * subtotals recomputed, in one transaction under the estimate's lock.
 */
export async function estimateTemplateRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  registerAction(api, generateTemplate, async ({ body, request }) => {
    if (!(await findRecord(db, estimates, body.estimateID))) throw formInvalid({ estimateID: templateRequestMessages.estimateUnknown });
    return { ids: await inTransaction(db, (tx) => generateFromTemplate(tx, body, writeContext(request))) };
  });
}
