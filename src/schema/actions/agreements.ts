/**
 * Agreements (issue 40): how an agreement's line is billed and planned, and its visits moved,
 * skipped or done. Reads are plain GETs (server/agreements/routes.ts).
 */
import { z } from 'zod';
import { AGREEMENT_MAX_TERM_MONTHS, agreementMessages, BILLING_BASES, VISIT_STATUSES } from '../../domain/agreements';
import { agreements } from '../agreements';
import { estimates } from '../estimates';
import { PROPOSALS_QUERY } from './queryNames';
import { INT4_MAX, VERSION_INVALID, VERSION_REQUIRED } from '../validate';
import { idSchema } from './answers';
import { calendarDay, optionalText, requiredText } from './fields';
import { defineAction, entityTag, type ActionContext } from './defineAction';

/** The named queries of the agreements' screens. */
export const AGREEMENT_QUERY = 'agreement';
export const VISITS_QUERY = 'visits';
export const BILLING_QUERY = 'billing';

/** Dollar amounts fit numeric(12,2). */
export const MONEY_LIMIT = 9_999_999_999.99;
/** A visit's crew hours: up to a crew of 20 working a day. */
export const VISIT_HOURS_MAX = 480;
export const CREW_MAX = 100;
export const VISIT_NOTES_MAX = 2000;
export const VISIT_PLAN_MAX = 2000;

const version = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? VERSION_REQUIRED : VERSION_INVALID) })
  .int({ error: VERSION_INVALID })
  .min(1, { error: VERSION_INVALID })
  .max(INT4_MAX, { error: VERSION_INVALID });
const amount = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(max, { error: `${label} cannot exceed ${max.toLocaleString('en-US')}.` })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: `${label} can have at most 2 decimals.` });

const lineBody = z.object({
  basis: z.enum(BILLING_BASES, { error: agreementMessages.basisInvalid }).optional(),
  installments: z
    .number({ error: agreementMessages.installmentsRange(AGREEMENT_MAX_TERM_MONTHS) })
    .int({ error: agreementMessages.installmentsRange(AGREEMENT_MAX_TERM_MONTHS) })
    .min(1, { error: agreementMessages.installmentsRange(AGREEMENT_MAX_TERM_MONTHS) })
    .max(AGREEMENT_MAX_TERM_MONTHS, { error: agreementMessages.installmentsRange(AGREEMENT_MAX_TERM_MONTHS) })
    .nullish(),
  rrule: z.string({ error: agreementMessages.visitPlanText }).max(VISIT_PLAN_MAX, { error: agreementMessages.visitPlanText }).nullish(),
  visitPrice: amount('Visit Price', MONEY_LIMIT).nullish(),
  version,
});

export const agreementLineSchema = z.object({
  id: idSchema,
  agreementID: idSchema,
  workAreaID: z.number().int(),
  name: z.string(),
  amount: z.number(),
  taxCode: z.string(),
  basis: z.enum(BILLING_BASES),
  installments: z.number().int().nullable(),
  rrule: z.string().nullable(),
  visitPrice: z.number().nullable(),
  plannedHours: z.number(),
  plannedVisits: z.number().int(),
  materialCost: z.number().describe('Σ its items’ direct costs as signed (job costing).'),
  snowPricing: z.looseObject({}).nullable().describe('A per event line’s snow price sheet as signed (issue 41); null for any other line.'),
  billed: z.boolean().describe('Whether anything of it went to accounting: its basis and plan no longer change.'),
  version: z.number().int(),
});

export const updateAgreementLine = defineAction({
  name: 'updateAgreementLine',
  method: 'PUT',
  path: '/agreementLines/:id',
  access: 'user',
  tag: entityTag(agreements),
  summary: 'Change how a line is billed and planned',
  description:
    'Its billing basis (a line priced by a snow sheet stays `perEvent`, and only such a line is), installments (1 to the term’s months), visit plan (RFC 5545 RRULE text; a bare `FREQ=WEEKLY` starts at the term’s start and ends at its end) and price per visit, with the version it was read at. Its planned visits follow the new plan (done, skipped and moved ones stay). 409 once anything of the line was billed, or on a stale version.',
  body: lineBody,
  status: 200,
  answer: agreementLineSchema,
  errors: [409],
  invalidates: [agreements.name, AGREEMENT_QUERY, VISITS_QUERY, BILLING_QUERY],
});

export const visitSchema = z.object({
  id: idSchema,
  agreementID: idSchema,
  agreementNumber: z.number().int(),
  lineID: idSchema,
  lineName: z.string(),
  basis: z.enum(BILLING_BASES),
  customerID: idSchema,
  customerName: z.string(),
  siteID: idSchema,
  siteName: z.string(),
  siteAddress: z.string(),
  date: z.string(),
  plannedDate: z.string(),
  status: z.enum(VISIT_STATUSES),
  crew: z.string(),
  actualHours: z.number().nullable(),
  materials: z.number().nullable(),
  notes: z.string(),
  billed: z.boolean(),
  version: z.number().int(),
});

export const updateVisit = defineAction({
  name: 'updateVisit',
  method: 'PUT',
  path: '/visits/:id',
  access: 'user',
  tag: entityTag(agreements),
  summary: 'Move, skip or complete a visit',
  description:
    'Any of `date` (inside the agreement’s term), `status` (planned, done or skipped), `crew`, `actualHours`, `materials` (dollars used) and `notes`, with the version it was read at. 409 on a stale version, for a visit already done being completed again, and for a visit already billed.',
  body: z.object({
    date: calendarDay('Date').optional(),
    status: z.enum(VISIT_STATUSES, { error: agreementMessages.visitStatus }).optional(),
    crew: optionalText('Crew', { max: CREW_MAX, oneLine: true }),
    actualHours: amount('Actual Hours', VISIT_HOURS_MAX).nullish(),
    materials: amount('Materials', MONEY_LIMIT).nullish(),
    notes: optionalText('Notes', { max: VISIT_NOTES_MAX }),
    version,
  }),
  status: 200,
  answer: visitSchema,
  errors: [409],
  invalidates: [agreements.name, AGREEMENT_QUERY, VISITS_QUERY, BILLING_QUERY],
});

export const signedOnPaperMessages = {
  signedOnFuture: 'Signed on cannot be in the future.',
  areas: 'Only the work areas of this estimate can be accepted, each once.',
  noAreas: 'Choose at least one work area the client signed for.',
  alreadySigned: 'This estimate’s current revision already has an agreement: open it from the Agreements list.',
  scanType: 'The signed scan must be a PDF, JPEG or PNG file.',
} as const;

/** The largest signed scan an office uploads (a phone photo or a scanner's PDF). */
export const SCAN_MAX_BYTES = 10 * 1024 * 1024;

export const markEstimateSigned = defineAction({
  name: 'markEstimateSigned',
  method: 'POST',
  path: '/estimates/:id/markSigned',
  access: 'user',
  tag: entityTag(agreements),
  summary: 'Mark an estimate signed on paper',
  description:
    'For a paper signature: the estimate’s current revision is frozen (if it was not sent), its open proposal of that revision (if any) recorded as accepted by the signer, the estimate Contract Signed with the accepted work areas included, and its agreement made — as an online signature does. Then upload the signed scan (PUT /api/agreements/:id/scan). 409 when that revision already has an agreement.',
  body: ({ today }: ActionContext) =>
    z.object({
      signerName: requiredText('Signer Name', { max: 100, oneLine: true }),
      signedOn: calendarDay('Signed on').refine((day) => day <= today, { error: signedOnPaperMessages.signedOnFuture }),
      acceptedWorkAreaIDs: z
        .array(idSchema, { error: signedOnPaperMessages.areas })
        .max(500, { error: signedOnPaperMessages.areas })
        .refine((ids) => new Set(ids).size === ids.length, { error: signedOnPaperMessages.areas })
        .optional()
        .describe('The work areas the client signed for; every included one when left out.'),
    }),
  status: 201,
  answer: z.object({ id: idSchema.describe('The agreement.') }),
  errors: [409],
  invalidates: [agreements.name, estimates.name, AGREEMENT_QUERY, VISITS_QUERY, BILLING_QUERY, PROPOSALS_QUERY],
});
