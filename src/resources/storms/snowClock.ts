/**
 * The snow screens' clock: the browser's now (tests set it with vi.setSystemTime), read in one
 * place, and the local forms a datetime-local input and a season take.
 */
import { snowSeasonOf } from '../../domain/snowPricing';

export const now = () => new Date();

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DDTHH:mm' in the browser's time zone, as a datetime-local input shows `date`. */
export function localDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The ISO instant of a datetime-local input's value; '' for none. */
export function instantOf(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** The snow season under way (2026: the winter 2026–27), by the browser's calendar. */
export const currentSnowSeason = () => snowSeasonOf(localDateTime(now()).slice(0, 10));
