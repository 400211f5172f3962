/** The Template Generator (SPEC §2, §9): a template's priced work areas added to an estimate. */
import { z } from 'zod';
import { DEFAULT_TEMPLATE_CATEGORY, TEMPLATE_CATEGORY_IDS } from '../../domain/templates';
import { DEFAULT_TAX, TAX_CODES } from '../../domain/taxes';
import type { ResolvedField } from '../defineEntity';
import { estimates } from '../estimates';
import { templateAreas } from '../templates';
import { workAreaItems } from '../workAreaItems';
import { workAreas } from '../workAreas';
import { checkField, INT4_MAX } from '../validate';
import { idSchema } from './answers';
import { defineAction, entityTag } from './defineAction';
import { PROPOSALS_QUERY, REVISIONS_QUERY } from './queryNames';

const estimateField = workAreas.field('estimateID')!;

export const templateRequestMessages = {
  estimateUnknown: `${estimateField.label} does not exist.`,
} as const;

/** A field of the body, checked with the rules (and messages) of the field it fills; blank is its default. */
function filling<Value>(field: ResolvedField, documented: Record<string, unknown>) {
  return z
    .unknown()
    .optional() // absent, the transform still runs (and gives the default)
    .transform((given, context): Value => {
      const blank = given === undefined || given === null || given === '';
      const outcome = checkField(field, blank && field.defaultValue !== undefined ? field.defaultValue : given);
      if ('value' in outcome) return outcome.value as Value;
      context.addIssue({ code: 'custom', message: outcome.error });
      return z.NEVER;
    })
    .meta(documented);
}

export const generateTemplate = defineAction({
  name: 'generateTemplate',
  method: 'POST',
  path: `/${estimates.route}/generateTemplate`,
  access: 'user',
  tag: entityTag(estimates),
  summary: 'Add the template work areas to an estimate',
  description: "The template's areas in its order, items priced from the catalogue and its size rules now.",
  body: z.object({
    estimateID: filling<number>(estimateField, { type: 'integer', minimum: 1, maximum: INT4_MAX }),
    tax: filling<string>(workAreas.field('tax')!, { type: 'string', enum: TAX_CODES, description: `${DEFAULT_TAX} when absent.` }),
    category: filling<string>(
      { ...templateAreas.field('category')!, defaultValue: DEFAULT_TEMPLATE_CATEGORY },
      { type: 'string', enum: TEMPLATE_CATEGORY_IDS, description: `${DEFAULT_TEMPLATE_CATEGORY} when absent.` },
    ),
  }),
  status: 201,
  answer: z.object({ ids: z.array(idSchema) }).describe('The ids of the new work areas, in order.'),
  invalidates: [workAreas.name, workAreaItems.name, estimates.name, REVISIONS_QUERY, PROPOSALS_QUERY],
});
