/**
 * Automatic proposal reminders ("follow-ups"): when the next one may go to the client. A reminder
 * goes `afterDays[i]` days after sending and `beforeExpiryDays` before Valid until, each once,
 * only inside the sending window on an allowed day, never two within 24 hours, and never once the
 * proposal is answered, withdrawn or expired. Pure: `now` is always passed in.
 */
import { addDays, calendarDateIn } from './officeDate';

export const REMINDER_KINDS = ['after', 'beforeExpiry', 'manual'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export interface FollowUpSettings {
  enabled: boolean;
  /** At most MAX_AFTER_DAYS entries, each AFTER_DAYS_MIN–AFTER_DAYS_MAX. */
  afterDays: number[];
  /** 0–BEFORE_EXPIRY_MAX; 0 = no before-expiry reminder. */
  beforeExpiryDays: number;
  /** 'HH:MM', 24 h. */
  sendFrom: string;
  /** 'HH:MM', later than sendFrom. */
  sendUntil: string;
  weekdaysOnly: boolean;
  subject: string;
  message: string;
}

export const MAX_AFTER_DAYS = 5;
export const AFTER_DAYS_MIN = 1;
export const AFTER_DAYS_MAX = 60;
export const BEFORE_EXPIRY_MAX = 60;

export const DEFAULT_FOLLOW_UPS: FollowUpSettings = {
  enabled: true,
  afterDays: [3, 7],
  beforeExpiryDays: 2,
  sendFrom: '08:00',
  sendUntil: '18:00',
  weekdaysOnly: true,
  subject: 'Reminder: your proposal from {company}',
  message: [
    'Hello {customer},',
    '',
    'Just a friendly reminder about our proposal for {project}. It is valid until {validUntil}.',
    'You can review and accept it here: {link}',
    '',
    'If you have any questions, simply reply to this email.',
    '',
    'Thank you,',
    '{company}',
  ].join('\n'),
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** 'HH:MM' on a 24-hour clock, 00:00–23:59. */
export function isClockTime(value: unknown): value is string {
  return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

function clockTimeMs(time: string): number {
  if (!isClockTime(time)) throw new RangeError(`Not a clock time (HH:MM): ${time}`);
  const [hours, minutes] = time.split(':').map(Number);
  return (hours * 60 + minutes) * MINUTE_MS;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local wall-clock reading of `instantMs` in `timeZone`, written as if it were a UTC instant. */
function wallClockMs(timeZone: string, instantMs: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instantMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wholeSeconds = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wholeSeconds + (((instantMs % 1000) + 1000) % 1000);
}

function msOfDayIn(timeZone: string, instantMs: number): number {
  return ((wallClockMs(timeZone, instantMs) % DAY_MS) + DAY_MS) % DAY_MS;
}

function utcOffsetMs(timeZone: string, instantMs: number): number {
  return wallClockMs(timeZone, instantMs) - instantMs;
}

/** The first instant in (fromMs, toMs] with toMs's offset, given the offset changes between them. */
function offsetChangeBetween(timeZone: string, fromMs: number, toMs: number): number {
  const targetOffset = utcOffsetMs(timeZone, toMs);
  // Offsets change on whole minutes, so a search over minutes finds the exact instant.
  let before = Math.floor(fromMs / MINUTE_MS);
  let after = Math.ceil(toMs / MINUTE_MS);
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (utcOffsetMs(timeZone, middle * MINUTE_MS) === targetOffset) after = middle;
    else before = middle;
  }
  return after * MINUTE_MS;
}

/**
 * Every instant that reads `msOfDay` on `date` in `timeZone`, earliest first: one, two in a
 * fall-back overlap, or in a spring-forward gap only the first instant after the gap.
 */
function instantsAtWallClock(timeZone: string, date: string, msOfDay: number): number[] {
  const wall = Date.parse(`${date}T00:00:00Z`) + msOfDay;
  // Offsets a day either side are those in force before and after any change near this time.
  const offsets = new Set([utcOffsetMs(timeZone, wall - DAY_MS), utcOffsetMs(timeZone, wall + DAY_MS)]);
  const guesses = [...offsets].map((offset) => wall - offset).sort((a, b) => a - b);
  const exact = guesses.filter((instant) => wallClockMs(timeZone, instant) === wall);
  if (exact.length > 0) return exact;
  return [offsetChangeBetween(timeZone, guesses[0], guesses[guesses.length - 1])];
}

/**
 * The instant of local wall-clock time `time` ('HH:MM') on calendar day `date` in `timeZone`; a
 * local time that does not exist (spring forward gap) resolves to the first instant after the gap,
 * an ambiguous one (fall back) to the earlier.
 */
export function zonedInstant(timeZone: string, date: string, time: string): Date {
  return new Date(instantsAtWallClock(timeZone, date, clockTimeMs(time))[0]);
}

/** When a proposal valid until `validUntil` expires: the start of the next day in the zone. */
export function expiresAt(validUntil: string, timeZone: string): Date {
  return zonedInstant(timeZone, addDays(validUntil, 1), '00:00');
}

/** The instant the zone's offset changes during `date`, if it does. */
function offsetChangeOn(timeZone: string, date: string): number | null {
  const dayStart = instantsAtWallClock(timeZone, date, 0)[0];
  const lastMinute = instantsAtWallClock(timeZone, addDays(date, 1), 0)[0] - MINUTE_MS;
  if (utcOffsetMs(timeZone, dayStart) === utcOffsetMs(timeZone, lastMinute)) return null;
  return offsetChangeBetween(timeZone, dayStart, lastMinute);
}

function isWeekend(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * The earliest instant at or after `at` inside the window (sendFrom <= local time < sendUntil) on
 * an allowed day (Mon–Fri when weekdaysOnly).
 */
export function nextSendingTime(
  at: Date,
  settings: Pick<FollowUpSettings, 'sendFrom' | 'sendUntil' | 'weekdaysOnly'>,
  timeZone: string,
): Date {
  const windowStart = clockTimeMs(settings.sendFrom);
  const windowEnd = clockTimeMs(settings.sendUntil);
  if (windowEnd <= windowStart) throw new RangeError(`The sending window ${settings.sendFrom}–${settings.sendUntil} is empty`);
  const isInWindow = (instant: number) => {
    const msOfDay = msOfDayIn(timeZone, instant);
    return windowStart <= msOfDay && msOfDay < windowEnd;
  };
  const firstDay = calendarDateIn(timeZone, at);
  // A week covers any weekend; more days only matter when DST gaps swallow a whole window.
  for (let offset = 0; offset < 14; offset++) {
    const date = addDays(firstDay, offset);
    if (settings.weekdaysOnly && isWeekend(date)) continue;
    if (offset === 0 && isInWindow(at.getTime())) return at;
    // Local time only enters the window where it reaches sendFrom or jumps at an offset change.
    const change = offsetChangeOn(timeZone, date);
    const entries = [...instantsAtWallClock(timeZone, date, windowStart), ...(change === null ? [] : [change])].sort((a, b) => a - b);
    const entry = entries.find((instant) => instant >= at.getTime() && isInWindow(instant));
    if (entry !== undefined) return new Date(entry);
  }
  throw new RangeError(`No sending window within two weeks of ${at.toISOString()}`);
}

/** A proposal as the schedule sees it. */
export interface ReminderSubject {
  /** When its sequence started: sent, or last extended/resent. */
  startedAt: Date;
  validUntil: string;
  /** Sent or viewed and not answered, withdrawn or superseded. */
  open: boolean;
  paused: boolean;
  /** Reminders already sent since startedAt, any kind (manual ones too). */
  reminders: readonly { at: Date; kind: ReminderKind }[];
}

export interface DueReminder {
  kind: 'after' | 'beforeExpiry';
  at: Date;
}

/** The days after sending that 'after' reminders go, in order: sorted, each once. */
export function afterDaySteps(afterDays: readonly number[]): number[] {
  return [...new Set(afterDays)].sort((a, b) => a - b);
}

/**
 * The next automatic reminder (its kind and when it may go), or null: none left, disabled,
 * paused, not open, or it would fall at or after expiry. When an 'after' and the 'beforeExpiry'
 * reminder fall on the same instant, 'beforeExpiry' goes first: the other, pushed 24 hours, may
 * then fall after expiry, and the one that warns of it is the one worth keeping.
 */
export function nextReminder(subject: ReminderSubject, settings: FollowUpSettings, timeZone: string): DueReminder | null {
  if (!settings.enabled || subject.paused || !subject.open) return null;
  const started = subject.startedAt.getTime();
  const latestReminder = Math.max(started, ...subject.reminders.map((reminder) => reminder.at.getTime()));
  const earliestAllowed = latestReminder + DAY_MS;
  const expiry = expiresAt(subject.validUntil, timeZone).getTime();

  const nominals: { kind: DueReminder['kind']; at: number }[] = [];
  if (settings.beforeExpiryDays > 0 && !subject.reminders.some((reminder) => reminder.kind === 'beforeExpiry')) {
    const nominal = zonedInstant(timeZone, addDays(subject.validUntil, -settings.beforeExpiryDays), settings.sendFrom).getTime();
    if (nominal >= started) nominals.push({ kind: 'beforeExpiry', at: nominal });
  }
  const steps = afterDaySteps(settings.afterDays);
  const step = subject.reminders.filter((reminder) => reminder.kind === 'after').length;
  if (step < steps.length) {
    const startDate = calendarDateIn(timeZone, subject.startedAt);
    const sameTimeOfDay = msOfDayIn(timeZone, started);
    nominals.push({ kind: 'after', at: instantsAtWallClock(timeZone, addDays(startDate, steps[step]), sameTimeOfDay)[0] });
  }

  let next: DueReminder | null = null;
  for (const nominal of nominals) {
    const at = nextSendingTime(new Date(Math.max(nominal.at, earliestAllowed)), settings, timeZone);
    if (at.getTime() >= expiry) continue;
    if (next === null || at.getTime() < next.at.getTime()) next = { kind: nominal.kind, at };
  }
  return next;
}

/** The reminder due at `now` if any (nextReminder whose at <= now and now < expiresAt). */
export function dueReminder(subject: ReminderSubject, settings: FollowUpSettings, timeZone: string, now: Date): DueReminder | null {
  const next = nextReminder(subject, settings, timeZone);
  if (next === null || next.at.getTime() > now.getTime()) return null;
  return now.getTime() < expiresAt(subject.validUntil, timeZone).getTime() ? next : null;
}
