/**
 * Custom fields (issue 38): facts an office keeps that no declaration lists (a gate code, a PO
 * number), added by an admin in Settings › Fields without a deploy. Their definitions live in
 * the database; this module holds what the server and the SPA both need: the kinds, the limits,
 * the key made from a label, and the check of a value with the same messages as declared fields.
 */
import { canonicalPhone, isMaskedPhone } from '../domain/phone';
import { isEmailAddress } from '../domain/emailAddress';
import { isCalendarDate } from '../domain/officeDate';
import { roundTo } from '../domain/money';
import { TEXT_FORBIDDEN } from '../domain/textRules';
import type { PrintedFact } from '../domain/proposals';
import { INT4_MAX, invalidMessage, maxMessage, minMessage, requiredMessage } from './validate';

/** The entities an admin may extend, by their registry name. */
export const CUSTOM_FIELD_ENTITIES = ['customers', 'contacts', 'sites', 'estimates', 'itemCatalog'] as const;
export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];

/** Those whose fields may be printed on a proposal, the client's page and the signed PDF. */
export const PRINTABLE_ENTITIES: readonly CustomFieldEntity[] = ['customers', 'sites', 'estimates'];

export const CUSTOM_FIELD_KINDS = [
  'text',
  'longText',
  'number',
  'money',
  'date',
  'yesNo',
  'choice',
  'multiChoice',
  'email',
  'phone',
  'url',
] as const;
export type CustomFieldKind = (typeof CUSTOM_FIELD_KINDS)[number];

export const CUSTOM_FIELD_KIND_LABELS: Record<CustomFieldKind, string> = {
  text: 'Text',
  longText: 'Long text',
  number: 'Number',
  money: 'Money',
  date: 'Date',
  yesNo: 'Yes / No',
  choice: 'Choice',
  multiChoice: 'Several choices',
  email: 'Email',
  phone: 'Phone',
  url: 'Web address',
};

export const CUSTOM_FIELDS_MAX = 50;
export const CUSTOM_KEY_MAX = 40;
export const CUSTOM_LABEL_MAX = 60;
export const CUSTOM_CHOICES_MAX = 100;
export const CUSTOM_CHOICE_MAX = 60;
export const CUSTOM_HELP_MAX = 300;
/** The longest text when the admin sets no limit: a line, or a note. */
export const CUSTOM_TEXT_MAX = 250;
export const CUSTOM_LONG_TEXT_MAX = 5000;
export const CUSTOM_URL_MAX = 2000;
/** The largest magnitude a number or an amount may have (what numeric(12,2) holds elsewhere). */
export const CUSTOM_NUMBER_LIMIT = 10_000_000_000;

/** Where a custom value is read in a record and in a list's parameters: `custom.<key>`. */
export const CUSTOM_PREFIX = 'custom.';

export interface CustomFieldDefinition {
  id: number;
  entity: CustomFieldEntity;
  key: string;
  label: string;
  kind: CustomFieldKind;
  required: boolean;
  min: number | null;
  max: number | null;
  choices: string[];
  showInList: boolean;
  filterable: boolean;
  printOnProposal: boolean;
  help: string | null;
  position: number;
  version: number;
}

/** What checking a value needs of its definition. */
export type CustomFieldRule = Pick<CustomFieldDefinition, 'label' | 'kind' | 'required' | 'min' | 'max' | 'choices'>;

/** A stored custom value: text, a number, true/false, or several choices. */
export type CustomValue = string | number | boolean | string[];
export type CustomValues = Record<string, CustomValue>;

export const KEY_PATTERN = /^[a-z][a-z0-9_]*$/;

/** 'PO Number' → 'po_number'; a label with no letter or digit gives ''. */
export function keyFromLabel(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!words) return '';
  const key = /^[a-z]/.test(words) ? words : `f_${words}`;
  return key.slice(0, CUSTOM_KEY_MAX).replace(/_+$/, '');
}

export const isTextualKind = (kind: CustomFieldKind) =>
  kind === 'text' ||
  kind === 'longText' ||
  kind === 'email' ||
  kind === 'phone' ||
  kind === 'url' ||
  kind === 'choice' ||
  kind === 'multiChoice';
export const isNumericKind = (kind: CustomFieldKind) => kind === 'number' || kind === 'money';
/** Kinds whose max is a length (the rest: a largest value, or none). */
export const hasLengthLimit = (kind: CustomFieldKind) => kind === 'text' || kind === 'longText';

/** The longest value a text kind takes. */
export function lengthLimit(rule: Pick<CustomFieldRule, 'kind' | 'max'>): number | undefined {
  if (hasLengthLimit(rule.kind)) return rule.max ?? (rule.kind === 'longText' ? CUSTOM_LONG_TEXT_MAX : CUSTOM_TEXT_MAX);
  if (rule.kind === 'url') return CUSTOM_URL_MAX;
  return undefined;
}

type Outcome = { value: CustomValue | null } | { error: string };

const blank = (raw: unknown) =>
  raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') || (Array.isArray(raw) && raw.length === 0);

function checkText(rule: CustomFieldRule, raw: unknown): Outcome {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || TEXT_FORBIDDEN.test(text)) return { error: invalidMessage(rule) };
  const value = rule.kind === 'longText' ? text : text.trim();
  if (rule.kind !== 'longText' && /[\r\n]/.test(value)) return { error: invalidMessage(rule) };
  const max = lengthLimit(rule);
  if (max !== undefined && value.length > max) return { error: maxMessage({ label: rule.label, max, kind: 'string' }) };
  return { value };
}

function checkNumber(rule: CustomFieldRule, raw: unknown): Outcome {
  const n = typeof raw === 'string' ? Number(raw.trim().replace(rule.kind === 'money' ? /^\$|,/g : /,/g, '')) : raw;
  if (typeof n !== 'number' || !Number.isFinite(n)) return { error: invalidMessage(rule) };
  const value = rule.kind === 'money' ? roundTo(n, 2) : n;
  if (Math.abs(value) >= CUSTOM_NUMBER_LIMIT) return { error: invalidMessage(rule) };
  if (rule.min !== null && value < rule.min) return { error: minMessage({ label: rule.label, min: rule.min }) };
  if (rule.max !== null && value > rule.max) return { error: maxMessage({ label: rule.label, max: rule.max, kind: 'decimal' }) };
  return { value };
}

const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/**
 * Checks one custom value and answers it in its stored form (blank → null), with the messages
 * of declared fields: 'PO Number is required.', 'PO Number cannot exceed 30 characters.'.
 */
export function checkCustomValue(rule: CustomFieldRule, raw: unknown): Outcome {
  if (blank(raw)) return rule.required ? { error: requiredMessage(rule) } : { value: null };
  switch (rule.kind) {
    case 'text':
    case 'longText':
      return checkText(rule, raw);
    case 'number':
    case 'money':
      return checkNumber(rule, raw);
    case 'date':
      return typeof raw === 'string' && isCalendarDate(raw.trim().slice(0, 10)) && /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(raw.trim())
        ? { value: raw.trim().slice(0, 10) }
        : { error: `${rule.label} must be a date (YYYY-MM-DD).` };
    case 'yesNo':
      if (raw === true || raw === 'true' || raw === 1 || raw === '1' || raw === 'yes' || raw === 'Yes') return { value: true };
      if (raw === false || raw === 'false' || raw === 0 || raw === '0' || raw === 'no' || raw === 'No') return { value: false };
      return { error: invalidMessage(rule) };
    case 'choice':
      return typeof raw === 'string' && rule.choices.includes(raw.trim())
        ? { value: raw.trim() }
        : { error: `${rule.label} must be one of its choices.` };
    case 'multiChoice': {
      const list = typeof raw === 'string' ? raw.split(/\s*[,;]\s*/).filter(Boolean) : raw;
      if (!Array.isArray(list) || list.some((choice) => typeof choice !== 'string' || !rule.choices.includes(choice))) {
        return { error: `${rule.label} must be among its choices.` };
      }
      // In the order the admin listed them, each once.
      return { value: rule.choices.filter((choice) => list.includes(choice)) };
    }
    case 'email':
      return typeof raw === 'string' && isEmailAddress(raw.trim()) ? { value: raw.trim() } : { error: invalidMessage(rule) };
    case 'phone': {
      const phone = typeof raw === 'string' ? canonicalPhone(raw.trim()) : undefined;
      return phone !== undefined && isMaskedPhone(phone)
        ? { value: phone }
        : { error: `${rule.label} must be a phone number, as (000) 000-0000.` };
    }
    case 'url': {
      const checked = checkText(rule, raw);
      if ('error' in checked) return checked;
      return URL_PATTERN.test(checked.value as string) ? checked : { error: `${rule.label} must be a web address (https://…).` };
    }
  }
}

/** The error key of a custom value in a 400's `errors`, and its input's name in a form. */
export const customErrorKey = (key: string) => `${CUSTOM_PREFIX}${key}`;

export interface CustomValuesCheck {
  values: CustomValues;
  errors: Record<string, string>;
}

/**
 * A record's custom values as a write gives them (`custom: {key: value}`), over those stored
 * (`stored`: undefined for a new record): a key given replaces its value (null or blank clears
 * it), a key left out keeps it. Unknown keys are refused by name; every required field must hold
 * a value afterwards, unless an update gives no `custom` at all.
 */
export function checkCustomValues(definitions: readonly CustomFieldDefinition[], given: unknown, stored: unknown): CustomValuesCheck {
  const errors: Record<string, string> = {};
  const kept = isPlainObject(stored) ? (stored as CustomValues) : {};
  if (given !== undefined && given !== null && !isPlainObject(given)) {
    return { values: kept, errors: { custom: 'Custom fields must be an object of field keys and values.' } };
  }
  // An update that does not mention them (archiving, a status) keeps them as they are, even a
  // required field left empty since before it was required: the next save of the form asks for it.
  if ((given === undefined || given === null) && stored !== undefined) {
    const defined = new Set(definitions.map((definition) => definition.key));
    return { values: Object.fromEntries(Object.entries(kept).filter(([key]) => defined.has(key))), errors };
  }
  const changes = (given ?? {}) as Record<string, unknown>;
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  const unknown = Object.keys(changes).filter((key) => !byKey.has(key));
  if (unknown.length) {
    const named = unknown.slice(0, 10).map((key) => key.slice(0, CUSTOM_KEY_MAX + 10));
    errors.custom = `Unknown custom field${unknown.length > 1 ? 's' : ''}: ${named.join(', ')}${unknown.length > 10 ? ', …' : ''}.`;
  }
  const values: CustomValues = {};
  for (const definition of definitions) {
    const raw = Object.hasOwn(changes, definition.key) ? changes[definition.key] : kept[definition.key];
    const outcome = checkCustomValue(definition, raw);
    if ('error' in outcome) errors[customErrorKey(definition.key)] = outcome.error;
    else if (outcome.value !== null) values[definition.key] = outcome.value;
  }
  return { values, errors };
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stored value as a person reads it: in a list's cell, an export, a proposal. */
export function customValueText(definition: Pick<CustomFieldDefinition, 'kind'>, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (definition.kind === 'yesNo') return value === true ? 'Yes' : 'No';
  if (definition.kind === 'money' && typeof value === 'number') {
    return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  }
  if (definition.kind === 'date' && typeof value === 'string' && isCalendarDate(value)) {
    const [year, month, day] = value.split('-');
    return `${Number(month)}/${Number(day)}/${year}`;
  }
  return String(value);
}

/**
 * A stored value in an export's cell: numbers, amounts and days as they are (a spreadsheet
 * reads them, an import takes them back), Yes/No and several choices as their text.
 */
export function customCellValue(kind: CustomFieldKind, value: unknown): unknown {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value) || kind === 'yesNo') return customValueText({ kind }, value);
  return value;
}

/** Custom values to print (proposal, client's page, signed PDF): label and text, in the admin's order. */
export function printedCustomValues(definitions: readonly CustomFieldDefinition[], values: unknown): PrintedFact[] {
  const stored = (isPlainObject(values) ? values : {}) as CustomValues;
  return definitions
    .filter((definition) => definition.printOnProposal && stored[definition.key] !== undefined)
    .map((definition) => ({ label: definition.label, text: customValueText(definition, stored[definition.key]) }))
    .filter(({ text }) => text !== '');
}

/** Whether a whole-number limit fits the database's integers (a value's max, a field's position). */
export const fitsInteger = (value: number) => Number.isSafeInteger(value) && Math.abs(value) <= INT4_MAX;

/** Whether two records' custom values are the same, whatever the order of their keys (jsonb keeps its own). */
export function sameCustomValues(a: unknown, b: unknown): boolean {
  const canonical = (values: unknown) =>
    JSON.stringify(Object.entries(isPlainObject(values) ? (values as CustomValues) : {}).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return canonical(a) === canonical(b);
}
