import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { loginFailures } from '../db/tables/users';
import { HttpError } from '../errors';
import { USERNAME_MAX } from './users';

export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** The refusal, saying how long to wait (whole minutes, at least one). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** 429; the error handler turns `retryAfter` (seconds) into the Retry-After header. */
export class TooManyAttempts extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, tooManyAttemptsMessage(retryAfter));
  }
}

/**
 * Password guesses for one username, counted in the database so the limit holds across
 * every server process. Each attempt is recorded as a failure *before* the password is
 * checked, so a burst of parallel guesses cannot slip past the count; a success then
 * withdraws its own record. A refused (429) attempt is not counted: the block ends when
 * the window passes, however often the client retries.
 */
export async function beginAttempt(db: Db, username: string, now: number): Promise<{ id: number }> {
  const key = username.slice(0, USERNAME_MAX);
  const [mine] = await db
    .insert(loginFailures)
    .values({ username: key, failedAt: new Date(now) })
    .returning({ id: loginFailures.id });
  const recent = await db
    .select({ id: loginFailures.id, at: loginFailures.failedAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, key), gt(loginFailures.failedAt, new Date(now - FAILURE_WINDOW_MS))))
    .orderBy(desc(loginFailures.failedAt), desc(loginFailures.id))
    .limit(MAX_FAILURES + 1);
  const others = recent.filter((r) => r.id !== mine.id);
  if (others.length >= MAX_FAILURES) {
    await withdrawAttempt(db, mine);
    // Open again once the oldest of the last MAX_FAILURES leaves the window.
    const opensAt = others[MAX_FAILURES - 1].at.getTime() + FAILURE_WINDOW_MS;
    throw new TooManyAttempts(Math.max(1, Math.ceil((opensAt - now) / 1000)));
  }
  return mine;
}

/** The password was right: this attempt is not a failure. */
export async function withdrawAttempt(db: Db, attempt: { id: number }): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
}

/** The attempt stays counted; failures older than the window (any username) are purged. */
export async function attemptFailed(db: Db, now: number): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now - FAILURE_WINDOW_MS)));
}
