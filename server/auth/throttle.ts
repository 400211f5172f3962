import { isIPv6 } from 'node:net';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { loginFailures } from '../db/tables/users';
import { HttpError } from '../errors';
import { USERNAME_MAX } from './users';

/** Failed guesses allowed for one account from one client address in the window. */
export const MAX_FAILURES = 10;
/**
 * Failed guesses allowed for one account from all addresses together: a ceiling against
 * distributed guessing, high enough that one client cannot reach it alone.
 */
export const MAX_ACCOUNT_FAILURES = 100;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** The longest client key stored (an IPv6 address with a zone fits). */
const CLIENT_MAX = 64;

/**
 * Who is guessing: the account (normalised username), the client's address, and the nonce of
 * a valid device cookie for that account when the request carried one.
 */
export interface Guesser {
  username: string;
  client: string;
  device?: string;
}

/**
 * The /64 network of an IPv6 address ('2001:db8:1:2::/64'): one subscriber's, who can take any
 * address of it at will. Undefined for anything that is not IPv6.
 */
export function ipv6Network(address: string): string | undefined {
  const bare = address.split('%')[0];
  if (!isIPv6(bare)) return undefined;
  // A trailing dotted IPv4 part is the last two groups.
  const withoutV4 = bare.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
  );
  const [head, tail] = withoutV4.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The client address as every per-address limit keys it (sign-in and the public proposal
 * pages): IPv4-mapped IPv6 addresses as plain IPv4, and other IPv6 addresses by their /64.
 */
export function clientKey(address: string | undefined): string {
  const plain = (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  return (ipv6Network(plain) ?? plain).slice(0, CLIENT_MAX);
}

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
 * Password guesses, counted in the database so the limits hold across every server process:
 * at most MAX_FAILURES per account from one address (an attacker slows only themselves;
 * the account's owner signs in from elsewhere) and MAX_ACCOUNT_FAILURES per account in all.
 * An attempt carrying a valid device cookie of the account (deviceCookie.ts) is held only to
 * MAX_FAILURES for that device, and its failures count against that device alone, so the
 * owner's browser still reaches the password check while strangers lock the account; a
 * device past its limit is untrusted for the window and throttled like any other client.
 * Each attempt is recorded as a failure *before* the password is checked, so a burst of
 * parallel guesses cannot slip past the count; a success then withdraws its own record.
 * A refused (429) attempt is not counted: the block ends when the window passes, however
 * often the client retries. Tokens already issued are not affected.
 */
export async function beginAttempt(db: Db, guesser: Guesser, now: number): Promise<{ id: number }> {
  const username = guesser.username.slice(0, USERNAME_MAX);
  const client = clientKey(guesser.client);
  const device = guesser.device ?? null;
  const [mine] = await db
    .insert(loginFailures)
    .values({ username, client, device, failedAt: new Date(now) })
    .returning({ id: loginFailures.id });
  const since = gt(loginFailures.failedAt, new Date(now - FAILURE_WINDOW_MS));
  if (device) {
    const onDevice = await recentFailures(
      db,
      and(eq(loginFailures.username, username), eq(loginFailures.device, device), since),
      MAX_FAILURES + 1,
    );
    const deviceLimit = onDevice.filter((r) => r.id !== mine.id)[MAX_FAILURES - 1];
    if (!deviceLimit) return mine;
    // Too many failures on this device: it is an untrusted client until they leave the window.
    await db.update(loginFailures).set({ device: null }).where(eq(loginFailures.id, mine.id));
  }
  const recent = await recentFailures(
    db,
    and(eq(loginFailures.username, username), isNull(loginFailures.device), since),
    MAX_ACCOUNT_FAILURES + 1,
  );
  const others = recent.filter((r) => r.id !== mine.id);
  const fromHere = others.filter((r) => r.client === client);
  const limiting =
    fromHere.length >= MAX_FAILURES
      ? fromHere[MAX_FAILURES - 1]
      : others.length >= MAX_ACCOUNT_FAILURES
        ? others[MAX_ACCOUNT_FAILURES - 1]
        : undefined;
  if (limiting) {
    await withdrawAttempt(db, mine);
    // Open again once the oldest failure that makes up the limit leaves the window.
    const opensAt = limiting.at.getTime() + FAILURE_WINDOW_MS;
    throw new TooManyAttempts(Math.max(1, Math.ceil((opensAt - now) / 1000)));
  }
  return mine;
}

/** The newest failures matching `where`, newest first. */
function recentFailures(db: Db, where: ReturnType<typeof and>, limit: number) {
  return db
    .select({ id: loginFailures.id, client: loginFailures.client, at: loginFailures.failedAt })
    .from(loginFailures)
    .where(where)
    .orderBy(desc(loginFailures.failedAt), desc(loginFailures.id))
    .limit(limit);
}

/** The password was right: this attempt is not a failure. */
export async function withdrawAttempt(db: Db, attempt: { id: number }): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
}

/** The attempt stays counted; failures older than the window (any username) are purged. */
export async function attemptFailed(db: Db, now: number): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now - FAILURE_WINDOW_MS)));
}
