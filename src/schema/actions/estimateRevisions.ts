/** Revisions of an estimate (issue 23): one restored as the current one. */
import { z } from 'zod';
import { estimates } from '../estimates';
import { workAreaItems } from '../workAreaItems';
import { workAreas } from '../workAreas';
import { VERSION_INVALID } from '../validate';
import { defineAction, entityTag } from './defineAction';
import { recordId } from './fields';
import { PROPOSALS_QUERY, REVISIONS_QUERY } from './queryNames';

export const restoreRevision = defineAction({
  name: 'restoreRevision',
  method: 'POST',
  path: `/${estimates.route}/:id/revisions/:revision/restore`,
  // A revision number, read by the route (400 naming `revision` when it is not one).
  textParams: ['revision'],
  access: 'user',
  tag: entityTag(estimates),
  summary: 'Restore a revision',
  description:
    "The estimate's work areas, items, notes and discount made equal to the revision's, every total computed again, as a change: when the current revision was sent, the next one starts and its open proposals are withdrawn. With `version`, 409 when it is no longer the estimate's. Answers the current revision's number.",
  body: z.object({ version: recordId(VERSION_INVALID).nullish().describe("The estimate's version as read.") }),
  status: 200,
  answer: z.object({ revision: z.number().int().min(1) }),
  errors: [409],
  invalidates: [estimates.name, workAreas.name, workAreaItems.name, REVISIONS_QUERY, PROPOSALS_QUERY],
});
