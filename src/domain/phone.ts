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

export const PHONE_MESSAGE = 'Phone must be digits only, at most 10, as (000) 000-0000.';

/**
 * A phone as the form keeps it: only digits in the mask, at most ten, exactly as the mask
 * formats them (a partly typed number is kept as typed). The server checks the same rule.
 */
export function isMaskedPhone(value: string): boolean {
  return value === formatPhone(value);
}
