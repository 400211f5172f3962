import { z } from 'zod';
import { createdSchema, idSchema } from '../../src/schema/actions/answers';

/** Shapes many routes share, named once in the document's components. */

export { createdSchema, idSchema };
/** Paths carry ids as digits. */
export const idParam = z.string().regex(/^\d+$/).describe('A record id (digits).');
export const idParams = z.object({ id: idParam });

/** Every error: a message to show; form errors also name each field's problem. */
export const errorBodySchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional().describe('Field → message, for a form that is invalid.'),
  })
  .describe('What went wrong, in words a user can read.');

const deleteImpactPart = z.object({
  name: z.string().describe('Entity name, e.g. contacts.'),
  singular: z.string(),
  plural: z.string(),
  count: z.number().int().min(0),
  remedy: z.string().optional().describe('What to do instead when these rows stop the delete.'),
});

export const deleteImpactSchema = z
  .object({
    deletes: z.array(deleteImpactPart).describe('What the delete would take along.'),
    blockedBy: z.array(deleteImpactPart).describe('What stops the delete (409 if tried).'),
  })
  .describe('What deleting the record would do, for the confirmation to say.');
