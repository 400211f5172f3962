import { checkLogoTask } from '../../server/company/logoTask';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHeavyWork, DOCUMENT_TOO_LARGE, TOO_MUCH_HEAVY_WORK, TooMuchHeavyWork } from '../../server/work/heavyWork';
import { longAreas, longProposalData, materialsAreasOf } from '../helpers/longProposal';
import { pdfText } from '../helpers/pdfText';
import { seedEstimate } from '../helpers/seedEstimate';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { customers } from '../../src/schema';

/** Probes GET /api/customers every 50 ms while `work` runs: the slowest answer, and how many. */
async function probeWhile(api: TestApi, work: Promise<unknown>): Promise<{ slowest: number; probes: number }> {
  let done = false;
  void work.finally(() => (done = true));
  let slowest = 0;
  let probes = 0;
  // Let the document's data load first: the probes measure the rendering.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  while (!done) {
    const started = performance.now();
    const res = await api.get(`/api/${customers.route}?limit=20`);
    expect(res.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - started);
    probes++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await work;
  return { slowest, probes };
}

describe.each(databaseKinds())('heavy work off the event loop on %s', (kind) => {
  let api: TestApi;
  let estimateID: number;

  beforeAll(async () => {
    api = await createTestApi(kind);
    // 250 areas of 40 lines: a materials list of some 325 pages.
    ({ estimateID } = await seedEstimate(api.database.db, longAreas(250, 40), 0));
  }, 120_000);
  afterAll(() => api?.close());

  it('answers another request within 250 ms while a 325-page materials list renders', async () => {
    const pdf = api.app.inject({
      method: 'GET',
      url: `/api/estimates/${estimateID}/generateMaterialsPDF`,
      headers: { authorization: `Bearer ${api.token}` },
    });
    const { slowest, probes } = await probeWhile(api, pdf);
    console.info(`${kind}: ${probes} requests while the materials list rendered, the slowest in ${Math.round(slowest)} ms (limit 250)`);
    const res = await pdf;
    expect(res.statusCode).toBe(200);
    const { pages } = await pdfText(res.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(325);
    // Enough requests to have been answered while it rendered (about 2 s on a quick day: 10).
    expect(probes).toBeGreaterThanOrEqual(5);
    expect(slowest).toBeLessThan(250);
  }, 120_000);

  it('refuses a user a fourth document at once (429 with Retry-After), and serves the others', async () => {
    const url = `/api/estimates/${estimateID}/generateMaterialsPDF`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.get(url)));
    const refused = answers.filter((res) => res.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((res) => res.status === 200).length).toBeGreaterThanOrEqual(3);
    for (const res of refused) {
      expect(res.body).toEqual({ message: TOO_MUCH_HEAVY_WORK });
      expect(res.headers['retry-after']).toBe('2');
    }
  }, 180_000);
  it("takes the user's share before reading: past it, even an estimate that does not exist is a 429, not a read", async () => {
    const url = `/api/estimates/${estimateID}/generateMaterialsPDF`;
    const missingUrl = '/api/estimates/999999/generateMaterialsPDF';
    // Each of the three reaches the document after its own sign-in check, in no set order: the
    // missing estimate is asked for once all three have (a probe passing first would take one's place).
    const reached = vi.spyOn(api.app.heavyWork, 'materialsPdf');
    try {
      const held = Array.from({ length: 3 }, () => api.get(url));
      await vi.waitFor(() => expect(reached).toHaveBeenCalledTimes(3), { timeout: 30_000, interval: 5 });
      // The share is whole: 429 without reading. Reading first, it would answer 404.
      const missing = await api.get(missingUrl);
      expect(missing.status).toBe(429);
      expect(missing.body).toEqual({ message: TOO_MUCH_HEAVY_WORK });
      for (const res of await Promise.all(held)) expect(res.status).toBe(200);
    } finally {
      reached.mockRestore();
    }
    expect((await api.get(missingUrl)).status).toBe(404);
  }, 180_000);
});

describe('the heavy-work pool', () => {
  it('holds an export slot until its file ends, per owner', async () => {
    const work = createHeavyWork({ threads: 1, perOwner: 2 });
    try {
      const spec = { format: 'csv' as const, columns: [{ source: 'name', label: 'Name' }], sheetName: 'Customers' };
      const first = await work.exportEncoder('user:1', spec);
      const second = await work.exportEncoder('user:1', spec);
      await expect(work.exportEncoder('user:1', spec)).rejects.toBeInstanceOf(TooMuchHeavyWork);
      const other = await work.exportEncoder('user:2', spec);
      await other.abort();
      const bytes = Buffer.concat([await first.page(JSON.stringify([['=1+1'], ['Acme']])), await first.end()]);
      expect(bytes.toString('utf8')).toBe("\uFEFFName\r\n'=1+1\r\nAcme\r\n");
      const third = await work.exportEncoder('user:1', spec);
      await second.abort();
      await third.abort();
    } finally {
      await work.close();
    }
  });

  it('reads a document only once the owner has a share: a refused call reads nothing', async () => {
    const work = createHeavyWork({ threads: 1, perOwner: 1 });
    try {
      const held = await work.exportEncoder('user:1', { format: 'csv', columns: [{ source: 'name', label: 'Name' }], sheetName: 'X' });
      const readProposal = vi.fn(async () => longProposalData(longAreas(2, 2)));
      const readMaterials = vi.fn(async () => ({ ...longProposalData(longAreas(2, 2)), areas: materialsAreasOf(longAreas(2, 2)) }));
      await expect(work.proposalPdf('user:1', readProposal, { type: 'WORK_AREA_PRICE_ONLY', approval: false })).rejects.toBeInstanceOf(
        TooMuchHeavyWork,
      );
      await expect(work.materialsPdf('user:1', readMaterials)).rejects.toBeInstanceOf(TooMuchHeavyWork);
      expect(readProposal).not.toHaveBeenCalled();
      expect(readMaterials).not.toHaveBeenCalled();
      await held.abort();
      await expect(work.materialsPdf('user:1', () => Promise.reject(new Error('no such estimate')))).rejects.toThrow('no such estimate');
      // The failed read gave the share back.
      expect(
        Buffer.from(await work.materialsPdf('user:1', readMaterials))
          .subarray(0, 4)
          .toString(),
      ).toBe('%PDF');
      expect(readMaterials).toHaveBeenCalledTimes(1);
    } finally {
      await work.close();
    }
  });

  it('keeps a 4xx a 4xx across the thread, and writes an XLSX file there', async () => {
    const work = createHeavyWork({ threads: 1 });
    try {
      await expect(
        work.run('user:1', checkLogoTask, { bytes: Buffer.from('\x89PNG\r\n\x1a\nnot really', 'latin1') }),
      ).rejects.toMatchObject({
        statusCode: 400,
      });
      const encoder = await work.exportEncoder('user:1', { format: 'xlsx', columns: [{ source: 'name', label: 'Name' }], sheetName: 'X' });
      const bytes = Buffer.concat([await encoder.page(JSON.stringify([['Acme']])), await encoder.end()]);
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
    } finally {
      await work.close();
    }
  });

  it('answers 422 for a document too large for a thread, and the next document is made on a new thread', async () => {
    const work = createHeavyWork({ threads: 1, heapMb: 48 });
    try {
      const areas = materialsAreasOf(longAreas(250, 40));
      await expect(work.materialsPdf('user:1', { ...longProposalData(), areas })).rejects.toMatchObject({
        statusCode: 422,
        message: DOCUMENT_TOO_LARGE,
      });
      const small = await work.materialsPdf('user:1', { ...longProposalData(), areas: areas.slice(0, 1) });
      expect(small.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await work.close();
    }
  }, 60_000);
});
