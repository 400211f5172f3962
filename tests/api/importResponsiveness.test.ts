import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINISHED_JOB_STATUSES } from '../../src/domain/jobs';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { jobResult } from '../helpers/jobViews';

const ROWS = 50_000;
/** Another user's request may take this long while an import commits (issue 36: "within 1 s"). */
const LIMIT_MS = 1_000;

const p99 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * 0.99))];

/**
 * Issue 36, on the embedded database (one connection, one thread): during an import's commit,
 * another user's list requests each answer within a second — the commit is written in short
 * steps, between which they run, and its rows are checked in stretches. Timed: it runs alone
 * (vite.config.ts TIMED_TESTS).
 */
describe('another user while an import of 50,000 customers commits, on pglite', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi('pglite');
  });
  afterAll(() => api?.close());

  it('gets each list within a second, measured against the same list before', async () => {
    const lines = ['Customer Name,Address Line 1,City,State,ZIP,Contact Name,Email,Service Address,Service City,Service State,Service Zip'];
    for (let i = 0; i < ROWS; i++)
      lines.push(`Busy ${i},${i} Elm St,Trenton,NJ,08608,Pat Busy${i},b${i}@busy.test,${i} Site Rd,Ewing,NJ,08618`);
    const up = {
      body: (await jobResult(
        api,
        await api.post('/api/imports', {
          kind: 'customers',
          fileName: 'busy.csv',
          content: Buffer.from(lines.join('\n')).toString('base64'),
        }),
      )) as { id: number; suggestedMapping: Record<string, string | null> },
    };
    expect((await api.put(`/api/imports/${up.body.id}/mapping`, { mapping: up.body.suggestedMapping })).body.valid).toBe(ROWS);

    // Another user's everyday list, the first page of the customers: not a search that the
    // import's own rows match, whose count grows with them (a list's speed on 100,000 customers
    // is issue 37's, measured by the bench).
    const list = async () => {
      const started = performance.now();
      const res = await api.get('/api/customers?limit=20');
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    const baseline: number[] = [];
    for (let i = 0; i < 20; i++) baseline.push(await list());

    const queued = await api.post(`/api/imports/${up.body.id}/commit`, {});
    expect(queued.status, queued.raw).toBe(202);
    const during: number[] = [];
    let progressSeen = 0;
    for (;;) {
      during.push(await list());
      const job = (await api.get(`/api/jobs/${queued.body.jobID}`)).body;
      if (job.progress.done) progressSeen += 1;
      if (FINISHED_JOB_STATUSES.includes(job.status)) {
        expect(job.status, job.error).toBe('done');
        break;
      }
    }
    console.log(
      `list p99 ${p99(baseline).toFixed(0)} ms before, ${p99(during).toFixed(0)} ms (slowest ${Math.max(...during).toFixed(0)} ms) over ${during.length} lists during the commit`,
    );
    // Asked all along the commit, not only before and after it.
    expect(progressSeen).toBeGreaterThan(5);
    expect(Math.max(...during)).toBeLessThan(LIMIT_MS);
  }, 600_000);
});
