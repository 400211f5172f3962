import { entities } from '../../src/schema';
import { CUSTOM_FIELD_KIND_LABELS, customErrorKey, type CustomFieldDefinition } from '../../src/schema/customFields';
import { FILTER_PREFIX } from '../../src/domain/apiContract';
import { entitySchemas } from './entitySchemas';

type Json = Record<string, unknown>;

/** A custom field's value as JSON Schema: what its kind stores. */
function valueSchema(field: CustomFieldDefinition): Json {
  const description = [`${field.label} (${CUSTOM_FIELD_KIND_LABELS[field.kind]}${field.required ? ', required' : ''})`, field.help]
    .filter(Boolean)
    .join('. ');
  switch (field.kind) {
    case 'number':
    case 'money':
      return {
        type: 'number',
        description,
        ...(field.min !== null && { minimum: field.min }),
        ...(field.max !== null && { maximum: field.max }),
      };
    case 'yesNo':
      return { type: 'boolean', description };
    case 'date':
      return { type: 'string', format: 'date', description };
    case 'choice':
      return { type: 'string', enum: field.choices, description };
    case 'multiChoice':
      return { type: 'array', items: { type: 'string', enum: field.choices }, description };
    default:
      return { type: 'string', description, ...(field.max !== null && { maxLength: field.max }) };
  }
}

/**
 * The served document with the custom fields as they are now (issue 38): each record's
 * `custom` lists its fields, and its list takes `sortBy=custom.<key>` and `filter:custom.<key>`.
 * A copy: the document built at start is never changed.
 */
export function withCustomFields(document: Json, fields: readonly CustomFieldDefinition[]): Json {
  if (!fields.length) return document;
  const patched = structuredClone(document) as {
    components: { schemas: Record<string, Json> };
    paths: Record<string, Record<string, Json>>;
  };
  for (const entity of entities.filter((e) => e.customFields)) {
    const own = fields.filter((field) => field.entity === entity.name);
    if (!own.length) continue;
    const { name } = entitySchemas(entity);
    for (const component of [name, `${name}Create`, `${name}Update`]) {
      const properties = patched.components.schemas[component]?.properties as Record<string, Json> | undefined;
      if (!properties?.custom) continue;
      properties.custom = {
        ...properties.custom,
        properties: Object.fromEntries(own.map((field) => [field.key, valueSchema(field)])),
        additionalProperties: false,
      };
    }
    for (const [path, operations] of Object.entries(patched.paths)) {
      const list = operations.get as { parameters?: Json[] } | undefined;
      if (!list?.parameters || !(path === `/api/${entity.route}` || path.endsWith(`/{id}/${entity.route}`))) continue;
      const sortBy = list.parameters.find((parameter) => parameter.name === 'sortBy')?.schema as { enum?: string[] } | undefined;
      sortBy?.enum?.push(...own.map((field) => customErrorKey(field.key)));
      for (const field of own.filter((f) => f.filterable)) {
        list.parameters.push({
          name: `${FILTER_PREFIX}${customErrorKey(field.key)}`,
          in: 'query',
          required: false,
          description: `${field.label}: JSON, a value or an array of values (any of them matches; null: no value).`,
          schema: { type: 'string' },
        });
      }
    }
  }
  return patched;
}
