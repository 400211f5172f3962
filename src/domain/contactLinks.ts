/**
 * Links of what a record says about reaching someone: a phone to call (tel:), an email to
 * write (mailto:) and an address to find on a map (a maps search opened in a new tab; nothing
 * is loaded from the map's host by the app itself). Each answers null when there is nothing
 * to link.
 */

/** The map search an address opens (Google Maps' URL API: a search, no key, no embed). */
export const MAPS_SEARCH_URL = 'https://www.google.com/maps/search/?api=1&query=';

/**
 * `tel:` of a phone as stored ('(609) 555-0142', extension '204'): 'tel:+16095550142;ext=204'.
 * Ten digits are a North American number (+1); eleven starting with 1 too; other digit counts
 * are dialled as typed. No digits, no link.
 */
export function telHref(phone: unknown, extension?: unknown): string | null {
  const digits = String(phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  const number = digits.length === 10 ? `+1${digits}` : digits.length === 11 && digits.startsWith('1') ? `+${digits}` : digits;
  const ext = String(extension ?? '').replace(/\D/g, '');
  return ext ? `tel:${number};ext=${ext}` : `tel:${number}`;
}

/** `mailto:` of an email address ('ann@example.com'); null unless it looks like one (one @, no spaces). */
export function mailtoHref(email: unknown): string | null {
  const address = String(email ?? '').trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(address)) return null;
  return `mailto:${address}`;
}

export interface PostalAddress {
  address1?: unknown;
  address2?: unknown;
  city?: unknown;
  state?: unknown;
  zip?: unknown;
}

const part = (value: unknown) => (typeof value === 'string' ? value.trim() : value == null ? '' : String(value));

/** One line: '3 Farm Road, Barn 2, Trenton, NJ 08601' (missing parts left out). */
export function addressLine({ address1, address2, city, state, zip }: PostalAddress): string {
  const stateZip = [part(state), part(zip)].filter(Boolean).join(' ');
  return [part(address1), part(address2), part(city), stateZip].filter(Boolean).join(', ');
}

/** The map search of an address; null without a street or a city to look for. */
export function mapsHref(address: PostalAddress): string | null {
  if (!part(address.address1) && !part(address.city)) return null;
  return `${MAPS_SEARCH_URL}${encodeURIComponent(addressLine(address))}`;
}
