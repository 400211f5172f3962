import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { publicHits } from '../db/tables/proposals';
import { HttpError } from '../errors';
import { clientKey } from '../auth/throttle';

export interface PublicRateLimit {
  /** Requests allowed per client address and window. */
  max: number;
  windowMs: number;
}

export const PUBLIC_RATE_LIMIT: PublicRateLimit = { max: 60, windowMs: 60_000 };

/** 429 with Retry-After (the error handler writes the header from `retryAfter`). */
export class TooManyRequests extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, `Too many requests. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`);
  }
}

/**
 * Counts a request to the public proposal routes against its client address, in the database
 * (so the limit holds across server processes): a fixed window, one upserted row per address
 * and window. Over the limit → 429 until the window ends.
 */
export async function countPublicRequest(db: Db, address: string | undefined, now: number, limit: PublicRateLimit): Promise<void> {
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  const [row] = await db
    .insert(publicHits)
    .values({ client: clientKey(address), windowStart: new Date(windowStart), count: 1 })
    .onConflictDoUpdate({ target: [publicHits.client, publicHits.windowStart], set: { count: sql`${publicHits.count} + 1` } })
    .returning({ count: publicHits.count });
  if (row.count === 1) await db.delete(publicHits).where(lt(publicHits.windowStart, new Date(windowStart - limit.windowMs)));
  if (row.count > limit.max) throw new TooManyRequests(Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000)));
}
