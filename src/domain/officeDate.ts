import { OFFICE_TIME_ZONE } from './constants';

/** The calendar day (YYYY-MM-DD) that `instant` falls on in `timeZone`. */
export function calendarDateIn(timeZone: string, instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The office's date (America/New_York) at `instant`: what a file exported then is named after. */
export function officeDate(instant: Date): string {
  return calendarDateIn(OFFICE_TIME_ZONE, instant);
}

/** The calendar day `days` after a YYYY-MM-DD day (negative: before). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** YYYY-MM-DD that names a real calendar day. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole days from one calendar day to another. */
export function daysBetween(from: string, to: string): number {
  const ms = (iso: string) => new Date(`${iso}T00:00:00Z`).getTime();
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}

/** An instant as the office reads it in lists and timelines ("Nov 27, 2026, 2:05 PM"); '' for none. */
export function shownInstant(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

/** An IANA time zone name this machine knows ('America/Chicago'); the office's days are counted in it (issue 39). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
