import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/connection';
import { readsInTurn } from '../../server/db/readsInTurn';

const database = (kind: Database['kind']) => ({ kind }) as Database;

/** Three reads asked at once, each taking a few milliseconds: the order they began and ended in. */
async function threeReads(database: Database) {
  const events: string[] = [];
  const inTurn = readsInTurn(database);
  const read = (name: string, ms: number, fail = false) =>
    inTurn(async () => {
      events.push(`${name} begins`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push(`${name} ends`);
      if (fail) throw new Error(`${name} failed`);
      return name;
    });
  const results = await Promise.allSettled([read('a', 15), read('b', 5, true), read('c', 1)]);
  return { events, results: results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)) };
}

describe('reads in turn', () => {
  it('on PGlite runs one read at a time, in the order asked, a failure not stopping the next', async () => {
    const { events, results } = await threeReads(database('pglite'));
    expect(events).toEqual(['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends']);
    expect(results).toEqual(['a', 'b failed', 'c']);
  });

  it('shares the lane between every caller of one database', async () => {
    const db = database('pglite');
    expect(readsInTurn(db)).toBe(readsInTurn(db));
    expect(readsInTurn(database('pglite'))).not.toBe(readsInTurn(db));
  });

  it('on PostgreSQL lets the reads run side by side', async () => {
    const { events, results } = await threeReads(database('postgres'));
    expect(events.slice(0, 3)).toEqual(['a begins', 'b begins', 'c begins']);
    expect(results).toEqual(['a', 'b failed', 'c']);
  });
});
