import { dueReminder } from '../../src/domain/followUps';
import { JOB_KINDS } from '../../src/domain/jobs';
import { calendarDateIn } from '../../src/domain/officeDate';
import { followUpSettings, officeTimeZone } from '../db/officeSettings';
import { defineJobKind } from '../jobs/kinds';
import { resolveMail } from '../mail/mailSettings';
import { mailReminder, remindable } from './reminders';
import { reminderSubject } from '../proposals/reminderState';

/** How often the schedule looks for reminders that fell due (issue 39: "within a minute"). */
export const FOLLOW_UP_EVERY_MS = 60_000;

/**
 * The server's own schedule of reminders (issue 39): every minute by the app's clock, the open
 * proposals whose next reminder (src/domain/followUps.ts) is due are reminded, each checked
 * again on its locked row, so that several servers on one database remind each proposal once.
 * Moving the machine's clock forward makes due what fell due meanwhile.
 */
export const followUpJob = defineJobKind<unknown, { reminded: number }>({
  kind: JOB_KINDS.followUps,
  repeatEveryMs: FOLLOW_UP_EVERY_MS,
  maxAttempts: 1,
  async run(_payload, { db, now, services, signal }) {
    const settings = await followUpSettings(db);
    if (!settings.enabled || !(await resolveMail(db, services.mail.secret, services.mail))) return { reminded: 0 };
    const timeZone = await officeTimeZone(db);
    const at = new Date(now());
    const isDue = (row: Parameters<typeof reminderSubject>[0]) => dueReminder(reminderSubject(row), settings, timeZone, at)?.kind ?? null;
    let reminded = 0;
    for (const row of await remindable(db, calendarDateIn(timeZone, at))) {
      if (signal.aborted) break;
      if (!isDue(row)) continue;
      const options = { secret: services.mail.secret, publicUrl: services.mail.publicUrl, now: at.getTime(), skipLocked: true };
      if (await mailReminder(db, row.id, isDue, options)) reminded += 1;
    }
    return { reminded };
  },
});
