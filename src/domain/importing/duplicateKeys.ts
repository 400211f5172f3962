/**
 * When an imported row is probably a record already stored (issue 25 "Duplicates"): a customer
 * with the same name and address, a contact with the same email or phone, an item with the
 * same name, a site of the same customer at the same address. Keys compare what people write
 * differently: case, punctuation, spacing and the common street abbreviations.
 */

const STREET_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  boulevard: 'blvd',
  place: 'pl',
  highway: 'hwy',
  parkway: 'pkwy',
  terrace: 'ter',
  circle: 'cir',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  suite: 'ste',
  apartment: 'apt',
};

/** Lower case, accents, punctuation and extra spaces gone, street words abbreviated. */
export function comparable(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => STREET_WORDS[word] ?? word)
    .join(' ');
}

/** A customer's key: its name and its address line 1; null without a name. */
export function customerKey(name: unknown, address1: unknown): string | null {
  const n = comparable(name);
  return n ? `${n}|${comparable(address1)}` : null;
}

/** A customer found by name (contacts and sites of a customer): its name only. */
export const customerNameKey = (name: unknown): string | null => comparable(name) || null;

/** An email's key: lower case, trimmed; null when empty. */
export function emailKey(email: unknown): string | null {
  const text = typeof email === 'string' ? email.trim().toLowerCase() : '';
  return text || null;
}

/** A phone's key: its ten digits (a leading country code 1 dropped); null with fewer than seven. */
export function phoneKey(phone: unknown): string | null {
  let digits = typeof phone === 'string' ? phone.replace(/\D/g, '') : '';
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length >= 7 ? digits : null;
}

/** An item's key: its name. */
export const itemKey = (name: unknown): string | null => comparable(name) || null;

/** A site's key: its customer and its address line 1. */
export function siteKey(customerID: number, address1: unknown): string | null {
  const a = comparable(address1);
  return a ? `${customerID}|${a}` : null;
}
