import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AFTER_DAYS_MAX,
  AFTER_DAYS_MIN,
  BEFORE_EXPIRY_MAX,
  DEFAULT_FOLLOW_UPS,
  dueReminder,
  expiresAt,
  type FollowUpSettings,
  MAX_AFTER_DAYS,
  nextReminder,
  nextSendingTime,
  type ReminderKind,
  type ReminderSubject,
  zonedInstant,
} from '../../src/domain/followUps';
import { addDays, daysBetween } from '../../src/domain/officeDate';

const NEW_YORK = 'America/New_York';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Expected instants are written with their New York offset (-05:00 EST, -04:00 EDT). */
const instant = (iso: string) => new Date(iso);

function subject(overrides: Partial<ReminderSubject> & Pick<ReminderSubject, 'startedAt' | 'validUntil'>): ReminderSubject {
  return { open: true, paused: false, reminders: [], ...overrides };
}

const settings = (overrides: Partial<FollowUpSettings> = {}): FollowUpSettings => ({ ...DEFAULT_FOLLOW_UPS, ...overrides });

describe('zonedInstant and expiresAt', () => {
  it('reads a wall-clock time in the zone, across both 2026 DST changes', () => {
    expect(zonedInstant(NEW_YORK, '2026-03-07', '08:00')).toEqual(instant('2026-03-07T08:00:00-05:00'));
    expect(zonedInstant(NEW_YORK, '2026-03-09', '08:00')).toEqual(instant('2026-03-09T08:00:00-04:00'));
    expect(zonedInstant(NEW_YORK, '2026-11-02', '08:00')).toEqual(instant('2026-11-02T08:00:00-05:00'));
  });

  it('resolves a time in the spring-forward gap to the first instant after it', () => {
    expect(zonedInstant(NEW_YORK, '2026-03-08', '02:30')).toEqual(instant('2026-03-08T03:00:00-04:00'));
  });

  it('resolves a time in the fall-back overlap to the earlier instant', () => {
    expect(zonedInstant(NEW_YORK, '2026-11-01', '01:30')).toEqual(instant('2026-11-01T01:30:00-04:00'));
  });

  it('expires at the start of the next local day, whatever its offset', () => {
    expect(expiresAt('2026-03-07', NEW_YORK)).toEqual(instant('2026-03-08T00:00:00-05:00'));
    expect(expiresAt('2026-03-08', NEW_YORK)).toEqual(instant('2026-03-09T00:00:00-04:00'));
    expect(expiresAt('2026-10-31', NEW_YORK)).toEqual(instant('2026-11-01T00:00:00-04:00'));
    expect(expiresAt('2026-11-01', NEW_YORK)).toEqual(instant('2026-11-02T00:00:00-05:00'));
    expect(expiresAt('2026-03-08', NEW_YORK).getTime() - expiresAt('2026-03-07', NEW_YORK).getTime()).toBe(23 * HOUR_MS);
  });
});

describe('nextSendingTime', () => {
  const window = { sendFrom: '08:00', sendUntil: '18:00', weekdaysOnly: true };

  it('keeps an instant inside the window', () => {
    const wednesdayNoon = instant('2026-11-04T12:00:00-05:00');
    expect(nextSendingTime(wednesdayNoon, window, NEW_YORK)).toEqual(wednesdayNoon);
  });

  it('moves an instant before the window to sendFrom the same day', () => {
    expect(nextSendingTime(instant('2026-11-04T06:15:00-05:00'), window, NEW_YORK)).toEqual(instant('2026-11-04T08:00:00-05:00'));
  });

  it('moves sendUntil itself to the next day', () => {
    expect(nextSendingTime(instant('2026-11-04T18:00:00-05:00'), window, NEW_YORK)).toEqual(instant('2026-11-05T08:00:00-05:00'));
  });

  it('moves Friday 21:00 to Monday 08:00', () => {
    expect(nextSendingTime(instant('2026-11-06T21:00:00-05:00'), window, NEW_YORK)).toEqual(instant('2026-11-09T08:00:00-05:00'));
  });

  it('allows Saturday when not weekdays only', () => {
    const anyDay = { ...window, weekdaysOnly: false };
    expect(nextSendingTime(instant('2026-11-06T21:00:00-05:00'), anyDay, NEW_YORK)).toEqual(instant('2026-11-07T08:00:00-05:00'));
  });

  it('finds the window again in the repeated hour after fall back', () => {
    const lateNight = { sendFrom: '01:15', sendUntil: '01:45', weekdaysOnly: false };
    expect(nextSendingTime(instant('2026-11-01T01:50:00-04:00'), lateNight, NEW_YORK)).toEqual(instant('2026-11-01T01:15:00-05:00'));
  });
});

describe('nextReminder', () => {
  const wednesdayEvening = instant('2026-11-04T17:30:00-05:00');

  it('sends the first after-step on Monday 08:00 when day 3 is Saturday 17:30', () => {
    const proposal = subject({ startedAt: wednesdayEvening, validUntil: '2026-12-04' });
    expect(nextReminder(proposal, settings(), NEW_YORK)).toEqual({ kind: 'after', at: instant('2026-11-09T08:00:00-05:00') });
  });

  it('sends the second after-step once the first is recorded, with afterDays sorted and each once', () => {
    const proposal = subject({
      startedAt: wednesdayEvening,
      validUntil: '2026-12-04',
      reminders: [{ at: instant('2026-11-09T08:00:00-05:00'), kind: 'after' }],
    });
    const expected = { kind: 'after', at: instant('2026-11-11T17:30:00-05:00') };
    expect(nextReminder(proposal, settings(), NEW_YORK)).toEqual(expected);
    expect(nextReminder(proposal, settings({ afterDays: [7, 3, 3] }), NEW_YORK)).toEqual(expected);
  });

  it('sends nothing when disabled, paused or no longer open', () => {
    const proposal = subject({ startedAt: wednesdayEvening, validUntil: '2026-12-04' });
    expect(nextReminder(proposal, settings({ enabled: false }), NEW_YORK)).toBeNull();
    expect(nextReminder({ ...proposal, paused: true }, settings(), NEW_YORK)).toBeNull();
    expect(nextReminder({ ...proposal, open: false }, settings(), NEW_YORK)).toBeNull();
  });

  it('pushes the next automatic reminder 24 hours after a manual one', () => {
    const proposal = subject({
      startedAt: instant('2026-11-02T10:00:00-05:00'),
      validUntil: '2026-12-04',
      reminders: [{ at: instant('2026-11-04T15:00:00-05:00'), kind: 'manual' }],
    });
    expect(nextReminder(proposal, settings({ afterDays: [3] }), NEW_YORK)).toEqual({
      kind: 'after',
      at: instant('2026-11-05T15:00:00-05:00'),
    });
  });

  describe('before expiry', () => {
    const onlyBeforeExpiry = settings({ afterDays: [], beforeExpiryDays: 2 });
    const mondayMorning = instant('2026-11-02T10:00:00-05:00');

    it('goes beforeExpiryDays before Valid until at sendFrom, and only once', () => {
      const proposal = subject({ startedAt: mondayMorning, validUntil: '2026-11-20' });
      const expected = { kind: 'beforeExpiry' as const, at: instant('2026-11-18T08:00:00-05:00') };
      expect(nextReminder(proposal, onlyBeforeExpiry, NEW_YORK)).toEqual(expected);
      expect(nextReminder({ ...proposal, reminders: [expected] }, onlyBeforeExpiry, NEW_YORK)).toBeNull();
    });

    it('is dropped when the next allowed time is at or after expiry', () => {
      const validUntilSunday = subject({ startedAt: mondayMorning, validUntil: '2026-11-08' });
      expect(nextReminder(validUntilSunday, settings({ afterDays: [], beforeExpiryDays: 1 }), NEW_YORK)).toBeNull();
    });

    it('is skipped when its day is before the proposal was sent', () => {
      const sentLate = subject({ startedAt: instant('2026-11-04T10:00:00-05:00'), validUntil: '2026-11-06' });
      expect(nextReminder(sentLate, settings({ afterDays: [], beforeExpiryDays: 3 }), NEW_YORK)).toBeNull();
    });

    it('keeps 24 hours from an after-step on the same day', () => {
      const both = settings({ afterDays: [3], beforeExpiryDays: 2 });
      const proposal = subject({ startedAt: mondayMorning, validUntil: '2026-11-07' });
      const first = { kind: 'beforeExpiry' as const, at: instant('2026-11-05T08:00:00-05:00') };
      expect(nextReminder(proposal, both, NEW_YORK)).toEqual(first);
      expect(nextReminder({ ...proposal, reminders: [first] }, both, NEW_YORK)).toEqual({
        kind: 'after',
        at: instant('2026-11-06T08:00:00-05:00'),
      });
    });

    it('goes before an after-step due at the same instant', () => {
      const proposal = subject({ startedAt: instant('2026-11-02T08:00:00-05:00'), validUntil: '2026-11-07' });
      expect(nextReminder(proposal, settings({ afterDays: [3], beforeExpiryDays: 2 }), NEW_YORK)?.kind).toBe('beforeExpiry');
    });
  });

  describe('across a DST change, keeps local times', () => {
    it('spring forward: sent Thursday 17:30 EST', () => {
      const proposal = subject({ startedAt: instant('2026-03-05T17:30:00-05:00'), validUntil: '2026-04-05' });
      expect(nextReminder(proposal, settings(), NEW_YORK)).toEqual({ kind: 'after', at: instant('2026-03-09T08:00:00-04:00') });
      const afterFirst = { ...proposal, reminders: [{ at: instant('2026-03-09T08:00:00-04:00'), kind: 'after' as const }] };
      expect(nextReminder(afterFirst, settings(), NEW_YORK)).toEqual({ kind: 'after', at: instant('2026-03-12T17:30:00-04:00') });
      expect(nextReminder(proposal, settings({ weekdaysOnly: false }), NEW_YORK)?.at).toEqual(instant('2026-03-08T17:30:00-04:00'));
    });

    it('fall back: sent Thursday 17:30 EDT', () => {
      const proposal = subject({ startedAt: instant('2026-10-29T17:30:00-04:00'), validUntil: '2026-11-29' });
      expect(nextReminder(proposal, settings(), NEW_YORK)).toEqual({ kind: 'after', at: instant('2026-11-02T08:00:00-05:00') });
      const afterFirst = { ...proposal, reminders: [{ at: instant('2026-11-02T08:00:00-05:00'), kind: 'after' as const }] };
      expect(nextReminder(afterFirst, settings(), NEW_YORK)).toEqual({ kind: 'after', at: instant('2026-11-05T17:30:00-05:00') });
    });
  });
});

describe('dueReminder', () => {
  const proposal = subject({ startedAt: instant('2026-11-04T17:30:00-05:00'), validUntil: '2026-12-04' });
  const monday = instant('2026-11-09T08:00:00-05:00');

  it('is the next reminder from its time on, not before', () => {
    expect(dueReminder(proposal, settings(), NEW_YORK, new Date(monday.getTime() - 1))).toBeNull();
    expect(dueReminder(proposal, settings(), NEW_YORK, monday)).toEqual({ kind: 'after', at: monday });
    expect(dueReminder(proposal, settings(), NEW_YORK, instant('2026-11-20T12:00:00-05:00'))).toEqual({ kind: 'after', at: monday });
  });

  it('is nothing once the proposal has expired', () => {
    expect(dueReminder(proposal, settings(), NEW_YORK, expiresAt('2026-12-04', NEW_YORK))).toBeNull();
  });
});

/** Local wall-clock parts read independently of the module. */
function localParts(timeZone: string, at: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}`, weekday: part('weekday') };
}

const clockTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const settingsArb: fc.Arbitrary<FollowUpSettings> = fc
  .record({
    afterDays: fc.array(fc.integer({ min: AFTER_DAYS_MIN, max: AFTER_DAYS_MAX }), { maxLength: MAX_AFTER_DAYS }),
    beforeExpiryDays: fc.integer({ min: 0, max: BEFORE_EXPIRY_MAX }),
    window: fc.uniqueArray(fc.integer({ min: 0, max: 24 * 60 - 1 }), { minLength: 2, maxLength: 2 }),
    weekdaysOnly: fc.boolean(),
  })
  .map(({ window: [a, b], ...rest }) => ({
    ...DEFAULT_FOLLOW_UPS,
    ...rest,
    sendFrom: clockTime(Math.min(a, b)),
    sendUntil: clockTime(Math.max(a, b)),
  }));

const YEAR_2026 = { min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) - 1 };

describe('the reminder sequence (property)', () => {
  it('keeps every rule, whatever the settings, send time and answer', () => {
    fc.assert(
      fc.property(
        fc.integer(YEAR_2026),
        fc.integer({ min: 0, max: 90 }),
        settingsArb,
        fc.option(fc.integer({ min: 0, max: 100 * DAY_MS })),
        fc.constantFrom(NEW_YORK, NEW_YORK, 'Europe/London', 'Australia/Lord_Howe', 'America/Santiago'),
        (sentMs, validDays, followUps, answeredAfterMs, timeZone) => {
          const startedAt = new Date(sentMs);
          const validUntil = addDays(localParts(timeZone, startedAt).date, validDays);
          const expiry = expiresAt(validUntil, timeZone).getTime();
          const answeredAt = answeredAfterMs === null ? Infinity : sentMs + answeredAfterMs;
          const sent: { at: Date; kind: ReminderKind }[] = [];

          for (let guard = 0; guard < 20; guard++) {
            const proposal: ReminderSubject = { startedAt, validUntil, open: true, paused: false, reminders: [...sent] };
            const next = nextReminder(proposal, followUps, timeZone);
            if (next === null) break;
            expect(dueReminder(proposal, followUps, timeZone, new Date(next.at.getTime() - 1))).toBeNull();
            const open = next.at.getTime() < answeredAt;
            const due = dueReminder({ ...proposal, open }, followUps, timeZone, next.at);
            if (!open) {
              expect(due).toBeNull();
              break;
            }
            expect(due).toEqual(next);
            sent.push(next);
          }

          const times = [sentMs, ...sent.map((reminder) => reminder.at.getTime())];
          for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(DAY_MS);
          const steps = [...new Set(followUps.afterDays)].sort((a, b) => a - b);
          const afterReminders = sent.filter((reminder) => reminder.kind === 'after');
          expect(afterReminders.length).toBeLessThanOrEqual(steps.length);
          expect(sent.filter((reminder) => reminder.kind === 'beforeExpiry').length).toBeLessThanOrEqual(1);
          afterReminders.forEach((reminder, step) =>
            expect(daysBetween(localParts(timeZone, startedAt).date, localParts(timeZone, reminder.at).date)).toBeGreaterThanOrEqual(
              steps[step],
            ),
          );
          for (const reminder of sent) {
            const local = localParts(timeZone, reminder.at);
            expect(reminder.at.getTime()).toBeLessThan(Math.min(expiry, answeredAt));
            expect(local.time >= followUps.sendFrom && local.time < followUps.sendUntil).toBe(true);
            if (followUps.weekdaysOnly) expect(['Sat', 'Sun']).not.toContain(local.weekday);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
