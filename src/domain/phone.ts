/** Phone mask '(000) 000-0000' (SPEC §5): digits only, at most ten of them. */
export const PHONE_DIGITS = 10;

/** US area codes never start with 1, so a leading 1 is the country code ("+1 609 …" pasted). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '').replace(/^1/, '').slice(0, PHONE_DIGITS);
}

/** Formats as far as the digits go, so deleting backwards never fights the mask. */
export function formatPhone(input: string): string {
  const digits = phoneDigits(input);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** What a phone number is written with, besides its digits: '+1 (609) 555-1234', '609.555.1234'. */
const PHONE_PUNCTUATION = /^[\d\s().+\-/]*$/;

/**
 * A whole US number written in any common shape ('6095551234', '609-555-1234',
 * '+1 609 555 1234') in the mask; anything else is left as it is, for the check to judge.
 */
export function canonicalPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const whole = digits.length === PHONE_DIGITS || (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1'));
  return whole && PHONE_PUNCTUATION.test(value) ? formatPhone(digits) : value;
}

export const PHONE_MESSAGE = 'Phone must be digits only, at most 10, as (000) 000-0000.';

/**
 * A phone as the form keeps it: only digits in the mask, at most ten, exactly as the mask
 * formats them (a partly typed number is kept as typed). The server checks the same rule.
 */
export function isMaskedPhone(value: string): boolean {
  return value === formatPhone(value);
}
