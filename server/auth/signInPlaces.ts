import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { signInPlaces, users } from '../db/tables/users';

/** How often the places other servers recorded are read again. */
const REFRESH_MS = 60_000;

export interface KnownSignInPlaces {
  /** Whether `username` has signed in from `client` before. */
  isKnown(username: string, client: string): Promise<boolean>;
  /** A successful sign-in: remembered at once here (the database has it already). */
  remember(username: string, client: string): void;
}

const placeKey = (username: string, client: string) => `${username}\n${client}`;

/**
 * The places (user, client key) people signed in from, read from the database once and again
 * every minute, and answered from memory: a flood of sign-ins must not cost a query each before
 * the password gate (on PGlite every query waits its turn with everyone else's). The table
 * `sign_in_places` is the record, shared by every server; this is a copy of it.
 */
export function knownSignInPlaces(db: () => Db, now: () => number = Date.now): KnownSignInPlaces {
  let places = new Set<string>();
  let readAt = -Infinity;
  let reading: Promise<void> | undefined;
  const read = () =>
    (reading ??= (async () => {
      try {
        const rows = await db()
          .select({ username: users.username, client: signInPlaces.client })
          .from(signInPlaces)
          .innerJoin(users, eq(users.id, signInPlaces.userID));
        places = new Set(rows.map((row) => placeKey(row.username, row.client)));
        readAt = now();
      } finally {
        reading = undefined;
      }
    })());
  return {
    async isKnown(username, client) {
      if (readAt === -Infinity) await read();
      else if (now() - readAt > REFRESH_MS) void read().catch(() => undefined);
      return places.has(placeKey(username, client));
    },
    remember(username, client) {
      places.add(placeKey(username, client));
    },
  };
}
