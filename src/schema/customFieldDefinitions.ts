/**
 * The definition of a custom field as an admin writes it in Settings › Fields (issue 38),
 * checked the same way by the server and the form.
 */
import {
  CUSTOM_CHOICE_MAX,
  CUSTOM_CHOICES_MAX,
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_KINDS,
  CUSTOM_HELP_MAX,
  CUSTOM_LABEL_MAX,
  CUSTOM_LONG_TEXT_MAX,
  CUSTOM_NUMBER_LIMIT,
  hasLengthLimit,
  isNumericKind,
  keyFromLabel,
  PRINTABLE_ENTITIES,
  type CustomFieldDefinition,
  type CustomFieldEntity,
  type CustomFieldKind,
} from './customFields';
import type { ValidationResult } from './validate';
import { TEXT_FORBIDDEN, tooLongMessage } from '../domain/textRules';

/** What an admin sets; `entity` only when the field is made, the key never (it is made from the label). */
export type CustomFieldInput = Pick<
  CustomFieldDefinition,
  'label' | 'kind' | 'required' | 'min' | 'max' | 'choices' | 'showInList' | 'filterable' | 'printOnProposal' | 'help'
>;

export const customFieldMessages = {
  entity: `Entity must be one of ${CUSTOM_FIELD_ENTITIES.join(', ')}.`,
  labelRequired: 'Label is required.',
  labelMax: tooLongMessage('Label', CUSTOM_LABEL_MAX),
  labelInvalid: 'Label must contain a letter or a digit, on one line.',
  kind: `Kind must be one of ${CUSTOM_FIELD_KINDS.join(', ')}.`,
  flag: (label: string) => `${label} must be true or false.`,
  number: (label: string) => `${label} must be a number.`,
  lengthMax: `Max must be a whole number from 1 to ${CUSTOM_LONG_TEXT_MAX}.`,
  noLimit: 'Only text fields have a longest length, and only numbers a smallest and largest value.',
  minOverMax: 'Min cannot be more than Max.',
  choicesList: `Choices must be a list of at most ${CUSTOM_CHOICES_MAX} texts.`,
  choicesNeeded: 'A choice field needs at least one choice.',
  choicesOnly: 'Only choice fields have choices.',
  choiceInvalid: `Each choice must be one line of at most ${CUSTOM_CHOICE_MAX} characters.`,
  choiceTwice: (choice: string) => `The choice "${choice}" is listed twice.`,
  helpMax: tooLongMessage('Help', CUSTOM_HELP_MAX),
  notPrintable: `Only fields of ${PRINTABLE_ENTITIES.join(', ')} can be printed on a proposal.`,
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const isMissing = (value: unknown) => value === undefined || value === null || value === '';

function optionalNumber(input: Record<string, unknown>, name: 'min' | 'max', label: string, errors: Record<string, string>): number | null {
  const raw = input[name];
  if (isMissing(raw)) return null;
  const n = typeof raw === 'string' ? Number(raw.trim()) : raw;
  if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) >= CUSTOM_NUMBER_LIMIT) {
    errors[name] = customFieldMessages.number(label);
    return null;
  }
  return n;
}

function flagOf(input: Record<string, unknown>, name: string, label: string, errors: Record<string, string>): boolean {
  const raw = input[name];
  if (raw === undefined || raw === null) return false;
  if (typeof raw !== 'boolean') errors[name] = customFieldMessages.flag(label);
  return raw === true;
}

function choicesOf(input: Record<string, unknown>, errors: Record<string, string>): string[] {
  const raw = input.choices;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > CUSTOM_CHOICES_MAX) {
    errors.choices = customFieldMessages.choicesList;
    return [];
  }
  const choices: string[] = [];
  for (const choice of raw) {
    const text = typeof choice === 'string' ? choice.trim() : undefined;
    if (!text || text.length > CUSTOM_CHOICE_MAX || CONTROL.test(text)) {
      errors.choices = customFieldMessages.choiceInvalid;
      return [];
    }
    if (choices.includes(text)) {
      errors.choices = customFieldMessages.choiceTwice(text);
      return [];
    }
    choices.push(text);
  }
  return choices;
}

/**
 * Checks a definition's settings (a new field's or a change's) and answers them in their stored
 * form. `entity`: the field's, when known (a change's is checked against the stored field's).
 */
export function validateCustomFieldInput(input: Record<string, unknown>, entity?: CustomFieldEntity): ValidationResult {
  const errors: Record<string, string> = {};
  const label = typeof input.label === 'string' ? input.label.trim() : '';
  if (!label) errors.label = customFieldMessages.labelRequired;
  else if (label.length > CUSTOM_LABEL_MAX) errors.label = customFieldMessages.labelMax;
  else if (CONTROL.test(label) || !keyFromLabel(label)) errors.label = customFieldMessages.labelInvalid;

  const kind = (CUSTOM_FIELD_KINDS as readonly unknown[]).includes(input.kind) ? (input.kind as CustomFieldKind) : undefined;
  if (!kind) errors.kind = customFieldMessages.kind;

  const min = optionalNumber(input, 'min', 'Min', errors);
  const max = optionalNumber(input, 'max', 'Max', errors);
  if (kind && (min !== null || max !== null)) {
    if (hasLengthLimit(kind)) {
      if (min !== null) errors.min = customFieldMessages.noLimit;
      if (max !== null && !(Number.isInteger(max) && max >= 1 && max <= CUSTOM_LONG_TEXT_MAX)) errors.max = customFieldMessages.lengthMax;
    } else if (!isNumericKind(kind)) {
      errors[min !== null ? 'min' : 'max'] = customFieldMessages.noLimit;
    } else if (min !== null && max !== null && min > max) errors.min = customFieldMessages.minOverMax;
  }

  const choices = choicesOf(input, errors);
  const isChoice = kind === 'choice' || kind === 'multiChoice';
  if (kind && isChoice && !choices.length && !errors.choices) errors.choices = customFieldMessages.choicesNeeded;
  if (kind && !isChoice && choices.length) errors.choices = customFieldMessages.choicesOnly;

  const help = typeof input.help === 'string' ? input.help.trim() : input.help;
  if (help !== undefined && help !== null && (typeof help !== 'string' || help.length > CUSTOM_HELP_MAX || TEXT_FORBIDDEN.test(help))) {
    errors.help = customFieldMessages.helpMax;
  }

  const values: CustomFieldInput = {
    label,
    kind: kind ?? 'text',
    required: flagOf(input, 'required', 'Required', errors),
    min,
    max,
    choices,
    showInList: flagOf(input, 'showInList', 'Show in list', errors),
    filterable: flagOf(input, 'filterable', 'Filterable', errors),
    printOnProposal: flagOf(input, 'printOnProposal', 'Print on proposal', errors),
    help: typeof help === 'string' && help ? help : null,
  };
  if (entity && values.printOnProposal && !PRINTABLE_ENTITIES.includes(entity)) errors.printOnProposal = customFieldMessages.notPrintable;
  return { values: values as unknown as Record<string, unknown>, errors };
}

export const isCustomFieldEntity = (value: unknown): value is CustomFieldEntity =>
  (CUSTOM_FIELD_ENTITIES as readonly unknown[]).includes(value);
