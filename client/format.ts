/** Dates, addresses and contact lines of the client's page, as the proposal PDF writes them. */
import { OFFICE_TIME_ZONE } from '../src/domain/constants';
import type { PublicAddress } from '../src/domain/proposals';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: OFFICE_TIME_ZONE });
const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * "November 25, 2026". A bare calendar day (YYYY-MM-DD, such as Valid until) is that day
 * wherever the client is; an instant (sentAt) is the office's calendar day, as on the PDF.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return calendarDay.format(new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))));
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? '' : longDate.format(instant);
}

/** The parts that are there, joined: never a dangling separator. */
export function joinParts(parts: readonly (string | null | undefined)[], separator: string): string {
  return parts.filter((part): part is string => Boolean(part?.trim())).join(separator);
}

/** "123 Main St", "Suite 4", "Trenton, NJ 08608": the lines that are known. */
export function addressLines(address: PublicAddress): string[] {
  const cityLine = joinParts([address.city, joinParts([address.state, address.zip], ' ')], ', ');
  return [address.address1, address.address2, cityLine].filter((line): line is string => Boolean(line?.trim()));
}

/** "10%", "12.5%": the discount as the proposal names it. */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

/** A tel: link's target: the digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A mailto: link's target (the address encoded: it came from the server, not from this page). */
export function mailtoHref(email: string): string {
  return `mailto:${encodeURIComponent(email.trim()).replace(/%40/g, '@')}`;
}
