import type { FastifyInstance } from 'fastify';
import { estimates, templateAreas, workAreas } from '../../src/schema';
import type { ResolvedField } from '../../src/schema/defineEntity';
import { checkField } from '../../src/schema/validate';
import { DEFAULT_TEMPLATE_CATEGORY } from '../../src/domain/templates';
import { formInvalid } from '../errors';
import { bodyOf, writeContext } from '../crud/registerEntityRoutes';
import { findRecord, inTransaction } from '../crud/records';
import { generateFromTemplate } from './templateGeneration';
import { z } from 'zod';
import type { RouteDoc } from '../openapi/routeDoc';
import { idSchema } from '../openapi/commonSchemas';
import { formShape } from '../openapi/entitySchemas';
import { entityTag } from '../openapi/entityRouteDocs';

/** The body's fields, checked with the rules (and messages) of the fields they fill. */
const fields: Record<'estimateID' | 'tax' | 'category', ResolvedField> = {
  estimateID: workAreas.field('estimateID')!,
  tax: workAreas.field('tax')!,
  category: { ...templateAreas.field('category')!, defaultValue: DEFAULT_TEMPLATE_CATEGORY },
};

const generateDoc: RouteDoc = {
  tag: entityTag(estimates),
  summary: 'Add the template work areas to an estimate',
  description: "The template's areas in its order, items priced from the catalogue and its size rules now.",
  body: z.object(formShape(Object.values(fields))),
  responses: { 201: z.object({ ids: z.array(idSchema) }).describe('The ids of the new work areas, in order.') },
};

/**
 * `POST /api/estimates/generateTemplate {estimateID, tax, category}` → `201 {ids}`: the
 * template's work areas added to the estimate in the template's order (tax as given, NJ by
 * default; category LM by default), items priced from the catalogue and its size rules now,
 * subtotals recomputed, in one transaction under the estimate's lock.
 */
export async function estimateTemplateRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.post(`/${estimates.route}/generateTemplate`, { config: { openapi: generateDoc } }, async (request, reply) => {
    const body = bodyOf(request);
    const values: Record<string, unknown> = {};
    const errors: Record<string, string> = {};
    for (const [name, field] of Object.entries(fields)) {
      const given = body[name];
      const blank = given === undefined || given === null || given === '';
      const outcome = checkField(field, blank && field.defaultValue !== undefined ? field.defaultValue : given);
      if ('error' in outcome) errors[name] = outcome.error;
      else values[name] = outcome.value;
    }
    if (!errors.estimateID && !(await findRecord(db, estimates, values.estimateID as number))) {
      errors.estimateID = `${fields.estimateID.label} does not exist.`;
    }
    if (Object.keys(errors).length) throw formInvalid(errors);
    const ids = await inTransaction(db, (tx) =>
      generateFromTemplate(
        tx,
        { estimateID: values.estimateID as number, category: values.category as string, tax: values.tax as string },
        writeContext(request),
      ),
    );
    return reply.status(201).send({ ids });
  });
}
