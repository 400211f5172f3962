import { signerNameProblem } from '../../src/domain/proposals';
import { badRequest } from '../errors';

/** The fields of a client's answer on the public proposal page: what each may hold, and its message. */
export const SIGNER_NAME_MAX = 100;
export const REASON_MAX = 5_000;

// eslint-disable-next-line no-control-regex
const ONE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const TEXT_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

export function signerNameOf(errors: Record<string, string>, raw: unknown, field = 'signerName', label = 'Your name'): string {
  if (typeof raw !== 'string' || !raw.trim()) {
    errors[field] = `${label} is required.`;
    return '';
  }
  const name = raw.trim();
  if (name.length > SIGNER_NAME_MAX) errors[field] = `${label} cannot exceed ${SIGNER_NAME_MAX} characters.`;
  else if (ONE_LINE_FORBIDDEN.test(name)) errors[field] = `${label} contains characters that are not allowed.`;
  else {
    const problem = signerNameProblem(name, label);
    if (problem) errors[field] = problem;
  }
  return name;
}

export function optionalMessage(
  errors: Record<string, string>,
  field: string,
  label: string,
  raw: unknown,
  required: boolean,
): string | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) {
    if (required) errors[field] = `${label} is required.`;
    return null;
  }
  if (typeof raw !== 'string') {
    errors[field] = `${label} must be text.`;
    return null;
  }
  if (raw.length > REASON_MAX) errors[field] = `${label} cannot exceed ${REASON_MAX.toLocaleString('en-US')} characters.`;
  else if (TEXT_FORBIDDEN.test(raw)) errors[field] = `${label} contains characters that are not allowed.`;
  return raw.trim();
}
