/** Product constants of SPEC §9 that are not tied to one entity. */
import { version } from '../../package.json';

/** The version shown in the Settings header: package.json's, the one place it is kept. */
export const APP_VERSION: string = version;

/** An alert starts fading out this long after it is shown… */
export const ALERT_FADE_AFTER_MS = 5000;
/** …and is cleared this long after the fade starts. */
export const ALERT_CLEAR_AFTER_FADE_MS = 500;

/** Widths of the desktop side navigation: icons only, and icons with labels. */
export const NAV_WIDTH_COLLAPSED = 70;
export const NAV_WIDTH_EXPANDED = 210;

/** The office's clock (NJ, PA, DE): where a calendar day starts for seeded dates. */
export const OFFICE_TIME_ZONE = 'America/New_York';

/** The instant a calendar day begins in `timeZone` (month 1–12). */
export function startOfDayIn(timeZone: string, year: number, month: number, day: number): Date {
  const utcMidnight = Date.UTC(year, month - 1, day);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(utcMidnight))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(zone ?? '');
  const offsetMinutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(utcMidnight - offsetMinutes * 60_000);
}
