/**
 * The checks actions' bodies are made of, as zod schemas carrying the product's messages: one
 * place for the rules that were copied in each hand parser (text without control characters,
 * lists of addresses, ids, calendar days).
 */
import { z } from 'zod';
import { invalidEmailMessage, isEmailAddress } from '../../domain/emailAddress';
import { isCalendarDate } from '../../domain/officeDate';
import { unknownPlaceholders } from '../../domain/proposalTemplates';
import type { ResolvedField } from '../defineEntity';
import { checkField, INT4_MAX, requiredMessage, VERSION_INVALID, VERSION_REQUIRED } from '../validate';
import { notAllowedMessage, ONE_LINE_FORBIDDEN, TEXT_FORBIDDEN, tooLongMessage } from '../../domain/textRules';

export { notAllowedMessage, ONE_LINE_FORBIDDEN, TEXT_FORBIDDEN, tooLongMessage };

const isMissing = (input: unknown) => input === undefined || input === null;

interface TextOptions {
  max: number;
  /** One line: trimmed, no line breaks. A text keeps its lines and is checked as typed. */
  oneLine?: boolean;
}

/** A required text: blank → "<label> is required.", then its length and characters. */
export function requiredText(label: string, { max, oneLine = false }: TextOptions) {
  const base = z.string({ error: (issue) => (isMissing(issue.input) ? requiredMessage({ label }) : `${label} must be text.`) });
  return (oneLine ? base.trim() : base)
    .refine((value) => value.trim() !== '', { error: requiredMessage({ label }), abort: true })
    .max(max, { error: tooLongMessage(label, max) })
    .refine((value) => !(oneLine ? ONE_LINE_FORBIDDEN : TEXT_FORBIDDEN).test(value), { error: notAllowedMessage(label) });
}

/** An optional text: absent, null or blank is null; otherwise checked as a required one and trimmed. */
export function optionalText(label: string, options: TextOptions) {
  return z.preprocess(
    (value) => (typeof value === 'string' && !value.trim() ? null : value),
    requiredText(label, options)
      .overwrite((value) => value.trim())
      .nullish(),
  );
}

/** Every placeholder of a template known, or the message naming those that are not. */
export const knownPlaceholders = (known: readonly string[]) =>
  [
    (text: string | null | undefined) => !text || !unknownPlaceholders(text, known).length,
    {
      error: (issue: { input: unknown }) =>
        `Unknown placeholder ${unknownPlaceholders(String(issue.input), known)
          .map((name) => `{${name}}`)
          .join(', ')}.`,
    },
  ] as const;

/** true or false; absent or null is `fallback`. */
export function flag(label: string, fallback: boolean) {
  return z
    .boolean({ error: `${label} must be true or false.` })
    .nullish()
    .transform((value) => value ?? fallback);
}

/** A calendar day, YYYY-MM-DD. */
export function calendarDay(label: string) {
  const message = `${label} must be a date (YYYY-MM-DD).`;
  return z.string({ error: message }).refine(isCalendarDate, { error: message, abort: true }).meta({ format: 'date' });
}

/** Whether a value is a record id as the database holds it. */
export const isRecordId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= INT4_MAX;

/** A record id as the database holds it. */
export const recordId = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(INT4_MAX, { error: message });

interface AddressListOptions {
  required?: string;
  max?: number;
}

/**
 * A list of email addresses, trimmed and without repeats. Missing or empty with `required`:
 * that message; anything but a list of strings: "<field> must be a list of email addresses.";
 * the first address that is not one is named.
 */
export function addressList(field: string, { required }: AddressListOptions = {}) {
  const notList = `${field} must be a list of email addresses.`;
  const list = z
    .array(z.string({ error: notList }), { error: (issue) => (required && isMissing(issue.input) ? required : notList) })
    .superRefine((addresses, context) => {
      if (required && !addresses.length) return context.addIssue({ code: 'custom', message: required });
      const wrong = addresses.find((address) => !isEmailAddress(address.trim()));
      if (wrong !== undefined) context.addIssue({ code: 'custom', message: invalidEmailMessage(wrong.slice(0, 60)) });
    })
    .overwrite((addresses) => [...new Set(addresses.map((address) => address.trim()))]);
  return required ? list : list.nullish().transform((addresses) => addresses ?? []);
}

/** A list of distinct record ids, at most `max`. */
export function idList(messages: { invalid: string; tooMany: string; repeated: string }, max: number) {
  return z
    .array(recordId(messages.invalid), { error: messages.invalid })
    .max(max, { error: messages.tooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: messages.repeated });
}

/**
 * A field of an entity's declaration, checked with its own rules and messages (src/schema/validate.ts):
 * absent or null is undefined (left as it is), anything else its stored form or the field's message.
 */
export function entityField<Value = unknown>(field: ResolvedField) {
  return z
    .unknown()
    .transform((raw, context): Value | undefined => {
      if (raw === null) return undefined;
      const outcome = checkField(field, raw);
      if ('value' in outcome) return outcome.value as Value;
      context.addIssue({ code: 'custom', message: outcome.error });
      return z.NEVER;
    })
    .optional();
}

/** A JSON object: not null, not a list. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A plain JSON object, or the fallback for anything else (its fields then report what is missing). */
export const objectOr = (fallback: unknown) => (value: unknown) => (isJsonObject(value) ? value : fallback);

/**
 * A body checked by a form declaration's own validator (src/schema/userAccount.ts and the like,
 * whose messages the SPA's forms already show): its messages by field; `documented` is the
 * shape the API reference shows.
 */
export function formBody<Values>(
  validate: (input: Record<string, unknown>) => { values: Record<string, unknown>; errors: Record<string, string> },
  documented: z.ZodObject,
) {
  const { $schema: _, ...jsonSchema } = z.toJSONSchema(documented, { io: 'input' });
  return z
    .unknown()
    .transform((raw, context) => {
      const { values, errors } = validate(raw as Record<string, unknown>);
      for (const [field, message] of Object.entries(errors)) context.addIssue({ code: 'custom', message, path: [field] });
      return Object.keys(errors).length ? z.NEVER : (values as Values);
    })
    .meta(jsonSchema);
}

/** The `version` a change was made from (DESIGN "Writes"): required, a whole number from `min`. */
export const recordVersion = (min = 1) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? VERSION_REQUIRED : VERSION_INVALID) })
    .int({ error: VERSION_INVALID })
    .min(min, { error: VERSION_INVALID })
    .max(INT4_MAX, { error: VERSION_INVALID });
