/**
 * Email addresses as the send dialog, Settings and the proposal and mail routes take them
 * (issue 22): letters, digits and the usual punctuation before the @, a dotted domain after it.
 * No spaces, quotes, angle brackets, commas or control characters: nothing that could add a
 * header or a recipient.
 */
export const EMAIL_MAX = 254;

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function isEmailAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= EMAIL_MAX && EMAIL.test(value);
}

export const invalidEmailMessage = (address: string) => `${address} is not a valid email address.`;
