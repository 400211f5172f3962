import { sql } from 'drizzle-orm';

/** An instant for SQL from the app's clock (ms): PGlite and PostgreSQL both take the ISO text. */
export const instant = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * The end of a lease of `ms` from now, by the database's clock: the one every server sharing
 * it agrees on (claims of jobs, mail and heavy-work slots).
 */
export const leaseEnd = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;
