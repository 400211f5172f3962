/** Settings › Fields (issue 38): an admin's own fields on customers, contacts, sites, estimates and catalogue items. */
import { z } from 'zod';
import {
  CUSTOM_CHOICE_MAX,
  CUSTOM_CHOICES_MAX,
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_KINDS,
  CUSTOM_FIELDS_MAX,
  CUSTOM_HELP_MAX,
  CUSTOM_LABEL_MAX,
} from '../customFields';
import { customFieldMessages, isCustomFieldEntity, validateCustomFieldInput, type CustomFieldInput } from '../customFieldDefinitions';
import { VERSION_INVALID } from '../validate';
import { idSchema } from './answers';
import { defineAction } from './defineAction';
import { formBody, recordId } from './fields';
import { CUSTOM_FIELDS_QUERY } from './queryNames';

const TAG = 'Custom fields';
/** A change of fields changes the records' forms, lists and values too. */
const INVALIDATES = [CUSTOM_FIELDS_QUERY, ...CUSTOM_FIELD_ENTITIES];

export const CUSTOM_FIELDS_LIMIT_MESSAGE = `An entity can have at most ${CUSTOM_FIELDS_MAX} custom fields.`;
export const CUSTOM_FIELD_NOT_FOUND = 'Custom field not found.';
export const CUSTOM_FIELD_STALE = 'This field was changed by someone else since you opened it. Reload it to see their changes.';
export const REORDER_FIELDS_INVALID = "The new order must list each of the entity's custom fields once.";

const entitySchema = z.enum(CUSTOM_FIELD_ENTITIES, { error: customFieldMessages.entity });

const settingsShape = {
  label: z.string().max(CUSTOM_LABEL_MAX).describe('Shown beside the input, as the column heading and on the proposal.'),
  kind: z.enum(CUSTOM_FIELD_KINDS).describe("The value's kind: the input a form shows and the checks it gets."),
  required: z.boolean().optional(),
  min: z.number().nullable().optional().describe('The smallest number (number and money).'),
  max: z.number().nullable().optional().describe('The longest text (text kinds) or the largest number.'),
  choices: z
    .array(z.string().max(CUSTOM_CHOICE_MAX))
    .max(CUSTOM_CHOICES_MAX)
    .optional()
    .describe('The values a choice field offers, in order.'),
  showInList: z.boolean().optional().describe("A column of the entity's list."),
  filterable: z.boolean().optional().describe("Offered in the list's filters (`filter:custom.<key>=…`)."),
  printOnProposal: z
    .boolean()
    .optional()
    .describe('Printed on proposals, the client page and the signed PDF (customers, sites, estimates).'),
  help: z.string().max(CUSTOM_HELP_MAX).nullable().optional().describe('A hint under the input.'),
};

export const customFieldSchema = z
  .object({
    id: idSchema,
    entity: entitySchema,
    key: z.string().describe('Made from the label when the field is added, never changed: `custom.<key>` in records and list parameters.'),
    ...settingsShape,
    required: z.boolean(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    choices: z.array(z.string()),
    showInList: z.boolean(),
    filterable: z.boolean(),
    printOnProposal: z.boolean(),
    help: z.string().nullable(),
    position: z.number().int(),
    version: z.number().int(),
  })
  .describe('A custom field.');

const fieldList = z.object({ customFields: z.array(customFieldSchema) }).describe("The fields, in each entity's order.");

/** A new field's body: its entity, then its settings. */
function validateNewField(input: Record<string, unknown>) {
  const entity = input?.entity;
  if (!isCustomFieldEntity(entity)) {
    const { errors } = validateCustomFieldInput(input ?? {});
    return { values: {}, errors: { entity: customFieldMessages.entity, ...errors } };
  }
  const { values, errors } = validateCustomFieldInput(input, entity);
  return { values: { ...values, entity }, errors };
}

/** A change's body: the settings and the version they were read at. */
function validateFieldChange(input: Record<string, unknown>) {
  const { values, errors } = validateCustomFieldInput(input ?? {});
  const version = input?.version;
  if (!(typeof version === 'number' && Number.isSafeInteger(version) && version >= 1)) errors.version = VERSION_INVALID;
  return { values: { ...values, version }, errors };
}

export const listCustomFields = defineAction({
  name: 'listCustomFields',
  method: 'GET',
  path: '/customFields',
  access: 'user',
  tag: TAG,
  summary: 'List custom fields',
  description: `\`?entity=\` one of ${CUSTOM_FIELD_ENTITIES.join(', ')} (all when left out); in their order.`,
  status: 200,
  answer: fieldList,
  invalidates: [],
});

export const addCustomField = defineAction({
  name: 'addCustomField',
  method: 'POST',
  path: '/customFields',
  access: 'admin',
  tag: TAG,
  summary: 'Add a custom field',
  description: `Its key is made from the label. ${CUSTOM_FIELDS_LIMIT_MESSAGE} A key already used on the entity: 409.`,
  body: formBody<CustomFieldInput & { entity: string }>(validateNewField, z.object({ entity: entitySchema, ...settingsShape })),
  status: 201,
  answer: z.object({ id: idSchema, key: z.string() }).describe("The new field's id and key."),
  errors: [409],
  invalidates: INVALIDATES,
});

export const updateCustomField = defineAction({
  name: 'updateCustomField',
  method: 'PUT',
  path: '/customFields/:id',
  access: 'admin',
  tag: TAG,
  summary: 'Change a custom field',
  description:
    'With the `version` it was read at. A kind that some stored values cannot take, or a removed choice still in use: 409 with how many.',
  body: formBody<CustomFieldInput & { version: number }>(validateFieldChange, z.object({ ...settingsShape, version: idSchema })),
  status: 200,
  answer: customFieldSchema,
  errors: [409],
  invalidates: INVALIDATES,
});

export const deleteCustomField = defineAction({
  name: 'deleteCustomField',
  method: 'DELETE',
  path: '/customFields/:id',
  access: 'admin',
  tag: TAG,
  summary: 'Delete a custom field',
  description: 'A field that holds values is deleted only with `?confirm=true` (409 with how many otherwise); its values go with it.',
  status: 200,
  answer: z.object({ deletedValues: z.number().int().min(0) }).describe('How many records lost a value.'),
  errors: [409],
  invalidates: INVALIDATES,
});

export const reorderCustomFields = defineAction({
  name: 'reorderCustomFields',
  method: 'POST',
  path: '/customFields/reorder',
  access: 'admin',
  tag: TAG,
  summary: "Reorder an entity's custom fields",
  body: z.object({
    entity: entitySchema,
    ids: z
      .array(recordId(REORDER_FIELDS_INVALID), { error: REORDER_FIELDS_INVALID })
      .max(CUSTOM_FIELDS_MAX, { error: REORDER_FIELDS_INVALID }),
  }),
  status: 200,
  answer: fieldList,
  errors: [409],
  invalidates: INVALIDATES,
});

export const customFieldChangeSchema = z
  .object({
    id: idSchema,
    at: z.string().meta({ format: 'date-time' }),
    fieldID: idSchema,
    entity: entitySchema,
    key: z.string(),
    label: z.string(),
    action: z.enum(['added', 'changed', 'deleted', 'reordered']),
    changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).describe('Each setting changed: [before, after].'),
    userName: z.string(),
  })
  .describe('A change of a custom field.');

export const listCustomFieldChanges = defineAction({
  name: 'listCustomFieldChanges',
  method: 'GET',
  path: '/customFields/changes',
  access: 'user',
  tag: TAG,
  summary: 'Who changed the custom fields, and how',
  description: '`?entity=` as for the list; the latest 200, newest first.',
  status: 200,
  answer: z.object({ changes: z.array(customFieldChangeSchema) }),
  invalidates: [],
});
