/**
 * Follow-ups (issue 39): Settings › Company › Follow-ups, and the reminders of one proposal —
 * mailed now, paused, its date extended.
 */
import { z } from 'zod';
import {
  AFTER_DAYS_MAX,
  AFTER_DAYS_MIN,
  BEFORE_EXPIRY_MAX,
  isClockTime,
  MAX_AFTER_DAYS,
  REMINDER_KINDS,
  type FollowUpSettings,
} from '../../domain/followUps';
import { FOLLOW_UP_PLACEHOLDERS, MESSAGE_MAX, SUBJECT_MAX } from '../../domain/proposalTemplates';
import { MAX_VALID_DAYS } from '../../domain/proposals';
import { addDays } from '../../domain/officeDate';
import { estimates } from '../estimates';
import { INT4_MAX } from '../validate';
import { idSchema } from './answers';
import { calendarDay, flag, knownPlaceholders, requiredText } from './fields';
import { defineAction, type ActionContext } from './defineAction';
import { PROPOSALS_QUERY, REVISIONS_QUERY } from './queryNames';
import { sendMessages } from './proposals';

/** Settings › Company › Follow-ups, read by the form and the Proposals panel. */
export const FOLLOW_UPS_QUERY = 'followUps';

export const followUpMessages = {
  version: 'The follow-up settings must be sent with their version: reload them and try again.',
  stale: 'The follow-up settings were changed by someone else since you opened them: reload them and try again.',
  afterDays: `Days after sending must be whole numbers from ${AFTER_DAYS_MIN} to ${AFTER_DAYS_MAX}.`,
  afterDaysTooMany: `At most ${MAX_AFTER_DAYS} reminders after sending.`,
  afterDaysRepeated: 'A day after sending is listed more than once.',
  beforeExpiryDays: `Days before expiry must be a whole number from 0 to ${BEFORE_EXPIRY_MAX}.`,
  sendFrom: 'Send from must be a time of day, such as 08:00.',
  sendUntil: 'Send until must be a time of day, such as 18:00.',
  windowOrder: 'Send until must be later than Send from.',
  notOpen: 'Only a proposal that is still open can be reminded or paused.',
  notExtendable: 'A proposal that was answered or withdrawn cannot be extended: send a new one.',
} as const;

const timeOfDay = (message: string) => z.string({ error: message }).refine(isClockTime, { error: message });
const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
const version = (message: string) => wholeNumber(message, 0, INT4_MAX);

const template = (label: string, max: number, oneLine: boolean) =>
  requiredText(label, { max, oneLine }).refine(...knownPlaceholders(FOLLOW_UP_PLACEHOLDERS));

const followUpSettings = z.object({
  enabled: flag('Send reminders', true),
  afterDays: z
    .array(wholeNumber(followUpMessages.afterDays, AFTER_DAYS_MIN, AFTER_DAYS_MAX), { error: followUpMessages.afterDays })
    .max(MAX_AFTER_DAYS, { error: followUpMessages.afterDaysTooMany })
    .refine((days) => new Set(days).size === days.length, { error: followUpMessages.afterDaysRepeated })
    .transform((days) => [...days].sort((a, b) => a - b)),
  beforeExpiryDays: wholeNumber(followUpMessages.beforeExpiryDays, 0, BEFORE_EXPIRY_MAX),
  sendFrom: timeOfDay(followUpMessages.sendFrom),
  sendUntil: timeOfDay(followUpMessages.sendUntil),
  weekdaysOnly: flag('Weekdays only', true),
  subject: template('Subject', SUBJECT_MAX, true),
  message: template('Message', MESSAGE_MAX, false),
}) satisfies z.ZodType<FollowUpSettings>;

const followUpSettingsBody = followUpSettings
  .extend({ version: version(followUpMessages.version) })
  .refine((settings) => settings.sendUntil > settings.sendFrom, {
    error: followUpMessages.windowOrder,
    path: ['sendUntil'],
    when: (payload) => !payload.issues.some((issue) => ['sendFrom', 'sendUntil'].includes(String(issue.path?.[0]))),
  });

const followUpSettingsAnswer = followUpSettings
  .extend({ version: z.number().int().min(0).describe('0 until they are first saved (the defaults apply).') })
  .describe(
    'When reminders go to clients: `afterDays` after the send and `beforeExpiryDays` before Valid until, between `sendFrom` and `sendUntil` in the office’s time zone, on weekdays when `weekdaysOnly`. Subject and message placeholders: {customer} {project} {estimateNumber} {company} {validUntil} {link}.',
  );

export const saveFollowUpSettings = defineAction({
  name: 'saveFollowUpSettings',
  method: 'PUT',
  path: '/company/followUps',
  access: 'admin',
  tag: 'Company',
  summary: 'Save the follow-up settings',
  description: 'The whole settings with the version they were read at (0 before the first save).',
  body: followUpSettingsBody,
  status: 200,
  answer: followUpSettingsAnswer,
  errors: [409],
  invalidates: [FOLLOW_UPS_QUERY],
});

/** The queries a change to a proposal's reminders makes stale. */
const PROPOSAL_QUERIES = [PROPOSALS_QUERY, estimates.name, REVISIONS_QUERY] as const;

export const remindProposal = defineAction({
  name: 'remindProposal',
  method: 'POST',
  path: '/proposals/:id/remind',
  access: 'user',
  tag: 'Proposals',
  summary: 'Send a reminder now',
  description:
    'Queues a reminder to the proposal’s recipients now (recorded as `manual`); the next automatic one keeps 24 hours from it. 409 when the proposal is no longer open or mail is not set up.',
  status: 202,
  answer: z.object({ id: idSchema }),
  errors: [409],
  invalidates: PROPOSAL_QUERIES,
});

export const pauseProposalReminders = defineAction({
  name: 'pauseProposalReminders',
  method: 'PUT',
  path: '/proposals/:id/reminders',
  access: 'user',
  tag: 'Proposals',
  summary: 'Pause or resume the automatic reminders',
  body: z.object({ remindersPaused: z.boolean({ error: 'Reminders paused must be true or false.' }) }),
  status: 200,
  answer: z.object({ id: idSchema, remindersPaused: z.boolean() }),
  errors: [409],
  invalidates: PROPOSAL_QUERIES,
});

export const extendProposal = defineAction({
  name: 'extendProposal',
  method: 'POST',
  path: '/proposals/:id/extend',
  access: 'user',
  tag: 'Proposals',
  summary: 'Give the proposal a new Valid until',
  description:
    'Reopens an open or expired proposal until the new date (nothing in it changed, so no new revision); its reminder sequence starts again. 409 when it was answered or withdrawn.',
  body: ({ today }: ActionContext) =>
    z.object({
      validUntil: calendarDay('Valid until')
        .refine((day) => day >= today, { error: sendMessages.validUntilPast, abort: true })
        .refine((day) => day <= addDays(today, MAX_VALID_DAYS), { error: sendMessages.validUntilFar }),
    }),
  status: 200,
  answer: z.object({ id: idSchema, validUntil: z.string() }),
  errors: [409],
  invalidates: PROPOSAL_QUERIES,
});

export const reminderSchema = z.object({
  sentAt: z.string(),
  kind: z.enum(REMINDER_KINDS),
  deliveryError: z.string().optional(),
});
