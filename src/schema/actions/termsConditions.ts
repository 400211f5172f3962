/** The terms & conditions in their proposal order (beyond SPEC, which shows `order` but no way to change it). */
import { z } from 'zod';
import { termsConditions } from '../termsConditions';
import { idSchema } from './answers';
import { defineAction, entityTag } from './defineAction';
import { recordId } from './fields';

export const REORDER_IDS_INVALID = 'The request body must be {ids: [id, …]}.';
export const REORDER_INVALID = 'The new order must list each term & condition once.';
export const REORDER_STALE = 'The terms & conditions have changed since the list was loaded. Reload it and try again.';

export const reorderTermsConditions = defineAction({
  name: 'reorderTermsConditions',
  method: 'POST',
  path: `/${termsConditions.route}/reorder`,
  access: 'user',
  tag: entityTag(termsConditions),
  summary: 'Reorder the terms & conditions',
  description: `Every term's id once, in the new order. ${REORDER_STALE}`,
  body: z.object({
    ids: z
      .array(recordId(REORDER_IDS_INVALID), { error: REORDER_IDS_INVALID })
      .refine((ids) => new Set(ids).size === ids.length, { error: REORDER_INVALID }),
  }),
  status: 200,
  answer: z
    .object({ [termsConditions.listKey]: z.array(z.looseObject({ id: idSchema })), count: z.number().int().min(0) })
    .describe(`The terms in their new order, as GET /api/${termsConditions.route} lists them.`),
  errors: [409],
  invalidates: [termsConditions.name],
});
