/** Copies of estimates (issue 23): duplicate one, renew many for the next season. */
import { z } from 'zod';
import {
  RENEWAL_MAX_ESTIMATES,
  RENEWAL_PERCENT_MAX,
  RENEWAL_PERCENT_MIN,
  RENEWAL_PRICING_MODES,
  renewalPercentError,
} from '../../domain/renewal';
import { estimates } from '../estimates';
import { invalidMessage, maxMessage } from '../validate';
import { createdSchema, idSchema } from './answers';
import { defineAction, entityTag, type ActionBody } from './defineAction';
import { entityField, isRecordId, objectOr } from './fields';

export const duplicateEstimate = defineAction({
  name: 'duplicateEstimate',
  method: 'POST',
  path: '/estimates/:id/duplicate',
  access: 'user',
  tag: entityTag(estimates),
  summary: 'Duplicate an estimate',
  description:
    'A new estimate (new number, In Progress, not archived, the discount copied) with every work area, item and note copied and every total computed again, on the same site or another one (any customer\'s). The project name is "<name> (copy)" and the signed-in user its salesperson and estimator unless given (active users). One transaction; 404 for an unknown estimate or site.',
  // Each checked with the rules and messages of the estimate's own fields.
  body: z.object({
    siteID: entityField<number>(estimates.field('siteID')!).describe("The site of the copy (by default the estimate's own)."),
    projectName: entityField<string>(estimates.field('projectName')!),
    salesperson: entityField<number>(estimates.field('salesperson')!),
    estimator: entityField<number>(estimates.field('estimator')!),
  }),
  status: 201,
  answer: createdSchema,
  errors: [409],
  invalidates: [estimates.name],
});

export const renewalRequestMessages = {
  estimateIDsRequired: 'Choose at least one estimate to renew.',
  estimateIDsTooMany: `At most ${RENEWAL_MAX_ESTIMATES} estimates can be renewed at once.`,
  pricingRequired: 'Pricing is required.',
  modeInvalid: `Pricing must be one of: ${RENEWAL_PRICING_MODES.join(', ')}.`,
  replaceRequired: 'The text to replace is required.',
} as const;

/** A value as a message may quote it: short, printable. */
const quoted = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
};

const estimateIDs = z
  .array(z.unknown(), { error: renewalRequestMessages.estimateIDsRequired })
  .superRefine((ids, context) => {
    const problem = (message: string) => context.addIssue({ code: 'custom', message });
    if (!ids.length) return problem(renewalRequestMessages.estimateIDsRequired);
    if (ids.length > RENEWAL_MAX_ESTIMATES) return problem(renewalRequestMessages.estimateIDsTooMany);
    const seen = new Set<unknown>();
    for (const id of ids) {
      if (!isRecordId(id)) return problem(`Estimate id ${quoted(id)} is invalid.`);
      if (seen.has(id)) return problem(`Estimate ${id} is listed twice.`);
      seen.add(id);
    }
  })
  .transform((ids) => ids as number[]);

const pricing = z.preprocess(
  objectOr({}),
  z
    .object({
      mode: z.enum(RENEWAL_PRICING_MODES, {
        error: (issue) => (issue.input === undefined ? renewalRequestMessages.pricingRequired : renewalRequestMessages.modeInvalid),
      }),
      percent: z.unknown().optional().describe(`With mode percent: ${RENEWAL_PERCENT_MIN} to ${RENEWAL_PERCENT_MAX}, at most 2 decimals.`),
    })
    .superRefine(({ mode, percent }, context) => {
      const error = mode === 'percent' ? renewalPercentError(percent) : null;
      if (error) context.addIssue({ code: 'custom', message: error, path: ['percent'] });
    })
    .transform(({ mode, percent }) => (mode === 'percent' ? { mode, percent: percent as number } : { mode })),
);

const projectNameField = estimates.field('projectName')!;

/** One text of the name replacement: text without NUL that fits a project name. */
function nameText(label: string, required: boolean) {
  const field = { ...projectNameField, label };
  return z.unknown().transform((raw, context) => {
    const problem = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (raw === undefined || raw === null || raw === '') return required ? problem(renewalRequestMessages.replaceRequired) : '';
    if (typeof raw !== 'string' || raw.includes('\u0000')) return problem(invalidMessage(field));
    if (raw.length > projectNameField.max!) return problem(maxMessage(field));
    return raw;
  });
}

export const renewEstimates = defineAction({
  name: 'renewEstimates',
  method: 'POST',
  path: '/estimates/renew',
  access: 'user',
  tag: entityTag(estimates),
  summary: 'Renew estimates for the next season',
  description: `One copy of each estimate on its own site (as Duplicate does), its unit prices changed by a percent (${RENEWAL_PERCENT_MIN} to ${RENEWAL_PERCENT_MAX}, at most 2 decimals; each rounded half away from zero to the cent) or re-read from the catalogue and its size rules for the items picked from it (the others keep their price and are listed as \`unchanged\`), and the project names with a text replaced. Up to ${RENEWAL_MAX_ESTIMATES} estimates, all in one transaction. An unknown id, or a project name that would not fit, is a 400 naming it; then the renewal is queued as a job and answered 202 at once. A price the renewal makes that does not fit its column fails the job naming it; nothing is created.`,
  body: z.object({
    estimateIDs,
    pricing,
    projectName: z.preprocess(
      (value) => (value === null ? undefined : value === undefined ? value : objectOr({ replace: undefined })(value)),
      z.object({ replace: nameText('The text to replace', true), with: nameText('The replacement', false) }).optional(),
    ),
  }),
  status: 202,
  answer: z.object({
    jobID: idSchema.describe(
      'The job making the copies (GET /api/jobs/:id). Its result: {created: [{from, id, unchanged?}]}, the copies in the order of estimateIDs, `unchanged` (by the catalogue) naming the items not found in it, which kept their price.',
    ),
  }),
  errors: [409],
  invalidates: [estimates.name],
});

/** A renewal as checked. */
export type RenewalRequest = ActionBody<typeof renewEstimates>;

/** A duplicate as checked. */
export type DuplicateRequest = ActionBody<typeof duplicateEstimate>;
