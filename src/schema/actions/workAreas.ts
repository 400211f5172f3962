/** Work areas beyond their generated CRUD: their notes saved alone, a copy of one. */
import { z } from 'zod';
import { estimates } from '../estimates';
import { workAreaItems } from '../workAreaItems';
import { WORK_AREA_NOTES_STALE, workAreas } from '../workAreas';
import { checkField } from '../validate';
import { createdSchema, idSchema } from './answers';
import { defineAction, entityTag } from './defineAction';
import { PROPOSALS_QUERY, REVISIONS_QUERY } from './queryNames';

const notesField = workAreas.field('notes')!;

export const workAreaNotesMessages = {
  missing: `${notesField.label} are missing from the request.`,
  previousInvalid: 'Previous notes are invalid.',
} as const;

const notesDoc = { type: ['string', 'null'], description: 'Rich text (HTML), sanitised on write.' };

/** The notes: required in the body (null clears them), checked with the field's rules and messages. */
const notes = z
  .unknown()
  .optional() // absent, the transform still runs (and says so)
  .transform((raw, context): string | null => {
    if (raw === undefined) {
      context.addIssue({ code: 'custom', message: workAreaNotesMessages.missing });
      return z.NEVER;
    }
    const outcome = checkField(notesField, raw);
    if ('error' in outcome) {
      context.addIssue({ code: 'custom', message: outcome.error });
      return z.NEVER;
    }
    return typeof outcome.value === 'string' ? outcome.value : null;
  })
  .meta(notesDoc);

/** The notes as the writer read them: absent (no check), null (none) or notes the field takes. */
const previousNotes = z
  .unknown()
  .refine((raw) => raw === undefined || raw === null || (typeof raw === 'string' && !('error' in checkField(notesField, raw))), {
    error: workAreaNotesMessages.previousInvalid,
  })
  .transform((raw) => raw as string | null | undefined)
  .optional()
  .meta({ ...notesDoc, description: 'The notes as read: 409 when they are no longer the stored ones.' });

export const saveWorkAreaNotes = defineAction({
  name: 'saveWorkAreaNotes',
  method: 'PUT',
  path: `/${workAreas.route}/:id/notes`,
  access: 'user',
  tag: entityTag(workAreas),
  summary: "Save a work area's notes",
  description: `The notes alone; they do not move the area's version. With previousNotes (the notes as read), 409 when they are no longer the stored ones: "${WORK_AREA_NOTES_STALE}"`,
  body: z.object({ notes, previousNotes }),
  status: 200,
  answer: z.looseObject({ id: idSchema }).describe(`The work area as GET /api/${workAreas.route}/:id answers it.`),
  errors: [409],
  invalidates: [workAreas.name, estimates.name, REVISIONS_QUERY, PROPOSALS_QUERY],
});

export const cloneWorkArea = defineAction({
  name: 'cloneWorkArea',
  // SPEC §7: GET /workAreas/{id}/clone clones the area (a POST does the same).
  method: 'GET',
  path: `/${workAreas.route}/:id/clone`,
  access: 'user',
  tag: entityTag(workAreas),
  summary: 'Copy a work area',
  description:
    'A copy in the same estimate, with its items and notes (GET, as SPEC names it, and POST do the same; never answered from a cache).',
  status: 201,
  answer: createdSchema,
  invalidates: [workAreas.name, workAreaItems.name, estimates.name, REVISIONS_QUERY, PROPOSALS_QUERY],
});
