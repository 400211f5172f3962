/** Settings › Company › Email (issue 22): the mail settings saved, a test sent. */
import { z } from 'zod';
import { EMAIL_MAX, invalidEmailMessage, isEmailAddress } from '../../domain/emailAddress';
import { MESSAGE_MAX, PROPOSAL_PLACEHOLDERS, SUBJECT_MAX } from '../../domain/proposalTemplates';
import { MAIL_SECURITIES } from '../mailSettings';
import { INT4_MAX } from '../validate';
import { defineAction, type ActionBody } from './defineAction';
import { knownPlaceholders, ONE_LINE_FORBIDDEN, notAllowedMessage, optionalText } from './fields';
import { MAIL_SETTINGS_QUERY } from './queryNames';

const TAG = 'Company';

export const PASSWORD_MAX = 500;
const HOST =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$|^\d{1,3}(\.\d{1,3}){3}$|^\[[0-9A-Fa-f:.]+\]$/;

export const mailSettingsMessages = {
  version: 'The mail settings must be sent with their version: reload them and try again.',
  host: 'Host must be a host name or an IP address.',
  port: 'Port must be a whole number from 1 to 65535.',
  security: `Security must be ${MAIL_SECURITIES.slice(0, -1).join(', ')} or ${MAIL_SECURITIES.at(-1)}.`,
  fromAddress: 'From address is not a valid email address.',
  fromAddressRequired: 'From address is required to send mail.',
  testAddressRequired: 'Enter the address to send the test to.',
} as const;

/** A template: its text checked, then every placeholder known. */
const template = (label: string, max: number, oneLine: boolean) =>
  optionalText(label, { max, oneLine }).refine(...knownPlaceholders(PROPOSAL_PLACEHOLDERS));

const mailSettingsBody = z
  .object({
    host: optionalText('Host', { max: 253, oneLine: true }).refine((host) => !host || HOST.test(host), {
      error: mailSettingsMessages.host,
    }),
    port: z.preprocess(
      (port) => (port === '' ? null : port),
      z
        .number({ error: mailSettingsMessages.port })
        .int({ error: mailSettingsMessages.port })
        .min(1, { error: mailSettingsMessages.port })
        .max(65535, { error: mailSettingsMessages.port })
        .nullish(),
    ),
    security: z
      .enum(MAIL_SECURITIES, { error: mailSettingsMessages.security })
      .nullish()
      .transform((security) => security ?? 'starttls'),
    username: optionalText('User', { max: 254, oneLine: true }),
    // A new password to keep; omitted or '' keeps the stored one; null forgets it.
    password: z.preprocess(
      (password) => (password === '' ? undefined : password),
      z
        .string({ error: 'Password must be text.' })
        .max(PASSWORD_MAX, { error: `Password cannot exceed ${PASSWORD_MAX} characters.` })
        .refine((password) => !ONE_LINE_FORBIDDEN.test(password), { error: notAllowedMessage('Password') })
        .nullish(),
    ),
    fromAddress: optionalText('From address', { max: EMAIL_MAX, oneLine: true }).refine((address) => !address || isEmailAddress(address), {
      error: mailSettingsMessages.fromAddress,
    }),
    subjectTemplate: template('Subject template', SUBJECT_MAX, true),
    messageTemplate: template('Message template', MESSAGE_MAX, false),
    version: z
      .number({ error: mailSettingsMessages.version })
      .int({ error: mailSettingsMessages.version })
      .min(0, { error: mailSettingsMessages.version })
      .max(INT4_MAX, { error: mailSettingsMessages.version }),
  })
  .refine((settings) => !settings.host || Boolean(settings.fromAddress), {
    error: mailSettingsMessages.fromAddressRequired,
    path: ['fromAddress'],
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'fromAddress' || issue.path?.[0] === 'host'),
  });

const mailSettingsAnswer = z
  .object({
    source: z
      .enum(['environment', 'settings', 'none'])
      .describe('Where the settings in force come from: SMTP_URL/MAIL_FROM, these settings, or nowhere.'),
    configured: z.boolean().describe('Whether mail can be sent.'),
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    security: z.enum(MAIL_SECURITIES),
    username: z.string().nullable(),
    passwordSet: z.boolean().describe('Whether a password is kept (it is never returned).'),
    fromAddress: z.string().nullable(),
    subjectTemplate: z.string().describe('Placeholders: {customer} {project} {estimateNumber} {company} {validUntil}.'),
    messageTemplate: z.string(),
    version: z.number().int().min(0),
  })
  .describe("The company's outgoing mail settings and proposal mail templates.");

export const saveMailSettings = defineAction({
  name: 'saveMailSettings',
  method: 'PUT',
  path: '/company/mail',
  access: 'admin',
  tag: TAG,
  summary: 'Save the mail settings',
  description:
    'The whole settings with the version they were read at (0 before the first save). `password`: a new one; omitted or "" keeps the stored one; null forgets it.',
  body: mailSettingsBody,
  status: 200,
  answer: mailSettingsAnswer,
  errors: [409],
  invalidates: [MAIL_SETTINGS_QUERY],
});

/** The mail settings as checked. */
export type MailSettingsChange = ActionBody<typeof saveMailSettings>;

export const sendTestMail = defineAction({
  name: 'sendTestMail',
  method: 'POST',
  path: '/company/mail/test',
  access: 'admin',
  tag: TAG,
  summary: 'Send a test email',
  description: "Sends a short message now through the settings in force; 502 with the mail server's answer when it fails.",
  body: z.object({
    to: z
      .string({ error: mailSettingsMessages.testAddressRequired })
      .trim()
      .refine((to) => to !== '', { error: mailSettingsMessages.testAddressRequired, abort: true })
      .refine(isEmailAddress, { error: (issue) => invalidEmailMessage(String(issue.input).slice(0, 60)) }),
  }),
  status: 200,
  answer: z.object({ message: z.string() }),
  errors: [502],
  invalidates: [],
});
