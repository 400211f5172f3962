/** An action's body checked against its declaration: the same result on the server and in the SPA. */
import type { z } from 'zod';
import { FORM_INVALID } from '../validate';
import { bodySchema, type ActionContext, type ActionDefinition } from './defineAction';
import { isJsonObject } from './fields';

export const BODY_NOT_OBJECT = 'The request body must be a JSON object.';

export type BodyCheck = { ok: true; value: unknown } | { ok: false; message: string; errors?: Record<string, string> };

/**
 * Field → its first message. A list's element is reported on the list (`to`, not `to.2`); a
 * nested field by its dotted path (`pricing.percent`); a check of the whole body on its key.
 */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.filter((part) => typeof part === 'string').join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** No body is an empty one; anything else but a JSON object is refused whole. */
export function checkActionBody(action: ActionDefinition, body: unknown, context: ActionContext): BodyCheck {
  const schema = bodySchema(action, context);
  if (!schema) return { ok: true, value: undefined };
  const input = body === undefined ? {} : body;
  if (!isJsonObject(input)) return { ok: false, message: BODY_NOT_OBJECT };
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: FORM_INVALID, errors: fieldMessages(result.error) };
}

/** What a form shows before sending: field → message, empty when the body would be taken. */
export function actionErrors(action: ActionDefinition, values: unknown, context: ActionContext): Record<string, string> {
  const checked = checkActionBody(action, values, context);
  return checked.ok ? {} : (checked.errors ?? { '': checked.message });
}
