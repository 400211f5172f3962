import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { inconsistentFigures, makeArea, makeCustomerWithSite, makeEstimate, makeItem } from '../helpers/estimateFixtures';

const EDITORS = 20;
const SAVES_EACH = 50;

interface Tally {
  attempts: number;
  saved: number;
  conflicts: number;
  others: number[];
}

/**
 * EDITORS people at once, each SAVES_EACH times: read the record, change it, save it with the
 * version read. Every save either lands (200) or is refused as stale (409); none is lost.
 */
async function editConcurrently(
  api: TestApi,
  path: string,
  change: (record: any, editor: number, n: number) => Record<string, unknown>,
): Promise<Tally> {
  const tally: Tally = { attempts: 0, saved: 0, conflicts: 0, others: [] };
  await Promise.all(
    Array.from({ length: EDITORS }, async (_, editor) => {
      for (let n = 0; n < SAVES_EACH; n++) {
        const read = await api.get(path);
        expect(read.status).toBe(200);
        tally.attempts++;
        const saved = await api.put(path, { ...change(read.body, editor, n), version: read.body.version });
        if (saved.status === 200) tally.saved++;
        else if (saved.status === 409) tally.conflicts++;
        else tally.others.push(saved.status);
      }
    }),
  );
  return tally;
}

describe.each(databaseKinds())(`read-modify-write by ${EDITORS} editors × ${SAVES_EACH} saves on %s`, (kind) => {
  let api: TestApi;
  let estimateID: number;
  let itemID: number;

  beforeAll(async () => {
    api = await createTestApi(kind);
    const { siteID } = await makeCustomerWithSite(api);
    estimateID = await makeEstimate(api, siteID);
    const areaID = await makeArea(api, estimateID);
    itemID = await makeItem(api, areaID);
    await makeItem(api, areaID, { name: 'Edging', quantity: 120, unitCost: 0.35, unitPrice: 0.95 });
  });
  afterAll(() => api?.close());

  it('of one estimate: every save lands or is refused, the version counts the saves', async () => {
    const before = (await api.get(`/api/estimates/${estimateID}`)).body;
    const tally = await editConcurrently(api, `/api/estimates/${estimateID}`, (estimate, editor, n) => ({
      ...estimate,
      projectName: `Edited by ${editor}, save ${n}`,
      discount: (editor + n) % 30,
    }));
    const after = (await api.get(`/api/estimates/${estimateID}`)).body;

    expect(tally.others).toEqual([]);
    expect(tally.attempts).toBe(EDITORS * SAVES_EACH);
    expect(tally.saved + tally.conflicts).toBe(tally.attempts);
    expect(tally.saved).toBeGreaterThan(0);
    expect(after.version).toBe(before.version + tally.saved);
    expect((await inconsistentFigures(api.database.db)).wrong).toEqual([]);
  }, 180_000);

  it('of one work-area item: the same, with the subtotals equal to their parts', async () => {
    const before = (await api.get(`/api/workAreaItems/${itemID}`)).body;
    const tally = await editConcurrently(api, `/api/workAreaItems/${itemID}`, (item, editor, n) => ({
      ...item,
      quantity: 1 + ((editor * SAVES_EACH + n) % 97) / 4,
      unitPrice: 60 + (n % 9),
      // What a careless client sends: totals that do not match; the server computes its own.
      totalPrice: 1,
      totalCost: 1,
    }));
    const after = (await api.get(`/api/workAreaItems/${itemID}`)).body;

    expect(tally.others).toEqual([]);
    expect(tally.saved + tally.conflicts).toBe(EDITORS * SAVES_EACH);
    expect(tally.saved).toBeGreaterThan(0);
    expect(after.version).toBe(before.version + tally.saved);
    const figures = await inconsistentFigures(api.database.db);
    expect(figures.wrong).toEqual([]);
    expect(figures.checked).toBeGreaterThan(0);
    console.log(
      `${kind}: estimate and item, ${EDITORS} × ${SAVES_EACH} saves each; item: ${tally.saved} saved, ${tally.conflicts} refused (409)`,
    );
  }, 180_000);
});
