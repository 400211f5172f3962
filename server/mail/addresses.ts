/** Email addresses as the proposal and mail routes take them. */
export const EMAIL_MAX = 254;

// Letters, digits and the usual punctuation before the @; a dotted domain after it. No spaces,
// quotes, angle brackets, commas or control characters: nothing that could add a header or a recipient.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= EMAIL_MAX && EMAIL.test(value);
}
