import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { setUserActive } from '../../server/auth/userAdministration';
import * as tables from '../../server/db/entityTables';
import { estimatePricing, estimateSubtotal, itemTotals, workAreaSubtotal } from '../../src/domain/pricing';
import { renewedUnitPrice, type RenewalResult } from '../../src/domain/renewal';
import { renewEstimates } from '../../server/estimates/renewEstimates';
import { inTransaction } from '../../server/crud/records';
import { followJob } from '../helpers/jobViews';
import { renewalJob } from '../../server/estimates/renewalJob';
import type { JobServices } from '../../server/jobs/kinds';
import { invalidMessage } from '../../src/schema/validate';
import { workAreaItems } from '../../src/schema/workAreaItems';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { watchStatements } from '../helpers/statementLog';
import {
  inconsistentFigures,
  makeArea,
  makeCustomerWithSite,
  makeEstimate,
  makeItem,
  makeUser,
  signedInUserId,
} from '../helpers/estimateFixtures';

type Row = Record<string, any>;
type StoredItem = Row & { totalPrice: number };
type StoredArea = Row & { subtotal: number; tax: string; isIncluded: boolean; items: StoredItem[] };

/** What an item is, without where it is. */
const itemFacts = ({ id: _id, workAreaID: _area, version: _v, createdAt: _c, updatedAt: _u, ...rest }: Row) => rest;
const areaFacts = ({ id: _id, estimateID: _e, version: _v, createdAt: _c, updatedAt: _u, ...rest }: Row) => rest;

describe.each(databaseKinds())('copies and renewals of estimates on %s', (kind) => {
  let api: TestApi;
  let me: number;
  let alpha: { customerID: number; siteID: number };
  let beta: { customerID: number; siteID: number };

  const db = () => api.database.db;

  /** The estimate's stored row, areas (in order) and items of each area (in order), from the database. */
  async function contentOf(estimateID: number): Promise<{ estimate: Row; areas: StoredArea[] }> {
    const [estimate] = await db().select().from(tables.estimates).where(eq(tables.estimates.id, estimateID));
    const areas = await db()
      .select()
      .from(tables.workAreas)
      .where(eq(tables.workAreas.estimateID, estimateID))
      .orderBy(asc(tables.workAreas.id));
    const items = areas.length
      ? await db()
          .select()
          .from(tables.workAreaItems)
          .where(
            inArray(
              tables.workAreaItems.workAreaID,
              areas.map((a) => a.id),
            ),
          )
          .orderBy(asc(tables.workAreaItems.id))
      : [];
    return {
      estimate: estimate as Row,
      areas: areas.map((area) => ({ ...area, items: items.filter((i) => i.workAreaID === area.id) })),
    };
  }

  const counts = async () => ({
    estimates: (await db().select({ n: count() }).from(tables.estimates))[0].n,
    areas: (await db().select({ n: count() }).from(tables.workAreas))[0].n,
    items: (await db().select({ n: count() }).from(tables.workAreaItems))[0].n,
  });

  const duplicate = (id: number | string, body: unknown = {}) => api.post(`/api/estimates/${id}/duplicate`, body);
  /** POST /api/estimates/renew (issue 36: a job), its job followed to its end when it was queued. */
  const renew = async (body: unknown) => {
    const res = await api.post('/api/estimates/renew', body);
    return { res, job: res.status === 202 ? await followJob(api, res) : undefined };
  };
  /** A renewal that must succeed: its job's result. */
  const renewed = async (body: unknown) => {
    const { res, job } = await renew(body);
    expect(res.status, res.raw).toBe(202);
    expect(job!.status, job!.error).toBe('done');
    return job!.result as RenewalResult;
  };

  /** An estimate of two areas (one left out, in PA, with notes) and five items, discounted, signed and archived. */
  async function richEstimate(siteID: number, projectName = 'Oak Ave 2026 maintenance'): Promise<number> {
    const estimateID = await makeEstimate(api, siteID, projectName);
    const lawn = await makeArea(api, estimateID, { name: 'Front Lawn', tax: 'NJ' });
    expect((await api.put(`/api/workAreas/${lawn}/notes`, { notes: '<p>Gate <b>code</b> 1234</p>' })).status).toBe(200);
    const beds = await makeArea(api, estimateID, { name: 'Back Beds', tax: 'PA', isIncluded: false });
    expect((await api.put(`/api/workAreas/${beds}/notes`, { notes: '<ul><li>Dog in yard</li></ul>' })).status).toBe(200);
    await makeItem(api, lawn, { name: 'Lawn mowing', size: 1.25, quantity: 30, units: 'visit', unitCost: 25, unitPrice: 99.99 });
    await makeItem(api, lawn, { name: 'Edging', quantity: 3.333, units: 'hr', unitCost: 20.5, unitPrice: 48.45 });
    await makeItem(api, lawn, { name: 'Aeration', quantity: 1, units: null, unitCost: 0, unitPrice: 0.05 });
    await makeItem(api, beds, { name: 'Hardwood mulch', quantity: 12, unitCost: 28, unitPrice: 65 });
    await makeItem(api, beds, { name: 'Pruning', size: 0.5, quantity: 2.5, units: 'hr', unitCost: 30, unitPrice: 61.15 });
    const read = (await api.get(`/api/estimates/${estimateID}`)).body;
    const put = await api.put(`/api/estimates/${estimateID}`, { ...read, status: 2, discount: 7.5, isArchived: true });
    expect(put.status, put.raw).toBe(200);
    return estimateID;
  }

  beforeAll(async () => {
    api = await createTestApi(kind);
    me = await signedInUserId(api);
    alpha = await makeCustomerWithSite(api, 'Alpha Lawns');
    beta = await makeCustomerWithSite(api, 'Beta Grounds');
  });
  afterAll(() => api?.close());

  describe('duplicate', () => {
    it("copies every area, item and note to another customer's site, totals computed again, new number, In Progress; the original unchanged", async () => {
      const source = await richEstimate(alpha.siteID);
      const before = await contentOf(source);
      const pricingBefore = (await api.get(`/api/estimates/${source}/pricing`)).body.pricing;
      const other = await makeUser(api, 'estimator-two');

      const res = await duplicate(source, { siteID: beta.siteID, projectName: 'Beta 2026 maintenance', estimator: other });
      expect(res.status, res.raw).toBe(201);
      expect(Object.keys(res.body)).toEqual(['id']);
      const copy = await contentOf(res.body.id);

      expect(copy.estimate).toMatchObject({
        siteID: beta.siteID,
        customerID: beta.customerID,
        customerName: 'Beta Grounds',
        projectName: 'Beta 2026 maintenance',
        status: 0,
        isArchived: false,
        discount: 7.5,
        salesperson: me,
        estimator: other,
        updatedBy: me,
        subtotal: before.estimate.subtotal,
        version: 1,
      });
      expect(copy.estimate.number).toBeGreaterThan(before.estimate.number);
      expect(copy.areas.map(areaFacts).map(({ items, ...a }) => a)).toEqual(before.areas.map(areaFacts).map(({ items, ...a }) => a));
      expect(copy.areas.map((a) => a.items.map(itemFacts))).toEqual(before.areas.map((a) => a.items.map(itemFacts)));
      expect(copy.areas.map((a) => a.notes)).toEqual(['<p>Gate <b>code</b> 1234</p>', '<ul><li>Dog in yard</li></ul>']);
      expect(copy.areas.flatMap((a) => a.items)).toHaveLength(5);
      expect((await api.get(`/api/estimates/${res.body.id}/pricing`)).body.pricing).toEqual(pricingBefore);
      // Copies, not moves: new rows under the new estimate.
      expect(copy.areas.map((a) => a.id).some((id) => before.areas.some((b) => b.id === id))).toBe(false);
      expect(await contentOf(source)).toEqual(before);
      expect((await inconsistentFigures(db())).wrong).toEqual([]);
      // The estimates list finds it under its new customer.
      const listed = await api.get(`/api/customers/${beta.customerID}/estimates`);
      expect(listed.body.estimates.map((e: Row) => e.id)).toContain(res.body.id);
    });

    it('totals are computed from the items, not copied: a stored figure that disagrees is not carried over', async () => {
      const source = await richEstimate(alpha.siteID);
      const stored = await contentOf(source);
      // A wrong subtotal stored by hand (as an old import could have left it).
      await db().update(tables.estimates).set({ subtotal: 1 }).where(eq(tables.estimates.id, source));
      await db().update(tables.workAreas).set({ subtotal: 2 }).where(eq(tables.workAreas.estimateID, source));
      const res = await duplicate(source);
      expect(res.status).toBe(201);
      const copy = await contentOf(res.body.id);
      const areaSubtotals = copy.areas.map((a) => workAreaSubtotal(a.items));
      expect(copy.areas.map((a) => a.subtotal)).toEqual(areaSubtotals);
      expect(areaSubtotals[0]).toBe(3161.23);
      expect(copy.estimate.subtotal).toBe(estimateSubtotal(copy.areas));
      expect(copy.estimate.subtotal).toBe(3161.23);
      // The source's figures put back, for the consistency checks of the later tests.
      await db().update(tables.estimates).set({ subtotal: stored.estimate.subtotal }).where(eq(tables.estimates.id, source));
      for (const area of stored.areas)
        await db().update(tables.workAreas).set({ subtotal: area.subtotal }).where(eq(tables.workAreas.id, area.id));
      expect((await inconsistentFigures(db())).wrong).toEqual([]);
    });

    it('by default: the same site, "<name> (copy)", the signed-in user as salesperson and estimator', async () => {
      const someone = await makeUser(api, 'salesperson-one');
      const source = await makeEstimate(api, alpha.siteID, 'Spring cleanup', someone);
      const res = await duplicate(source, { projectName: null });
      expect(res.status, res.raw).toBe(201);
      const { estimate } = await contentOf(res.body.id);
      expect(estimate).toMatchObject({
        siteID: alpha.siteID,
        customerID: alpha.customerID,
        projectName: 'Spring cleanup (copy)',
        salesperson: me,
        estimator: me,
      });
      expect((await contentOf(res.body.id)).areas).toEqual([]);

      const long = await makeEstimate(api, alpha.siteID, 'x'.repeat(150));
      const copy = await duplicate(long);
      expect(copy.status).toBe(201);
      const name = (await contentOf(copy.body.id)).estimate.projectName as string;
      expect(name).toBe(`${'x'.repeat(143)} (copy)`);
      expect(name).toHaveLength(150);
    });

    it('stores any text as a plain create does: quotes, backslashes, emoji, a lone surrogate', async () => {
      const name = 'O\'Brien "2026" \\ C:\\path 🌨️ \u2028 lone \ud800 end';
      const plain = await makeEstimate(api, alpha.siteID, name);
      const res = await duplicate(plain, { projectName: name });
      expect(res.status, res.raw).toBe(201);
      const stored = (await contentOf(plain)).estimate.projectName;
      expect(stored).toContain('🌨️');
      expect((await contentOf(res.body.id)).estimate.projectName).toBe(stored);
    });

    it('bad input: 400 naming the field, unknown estimate or site: 404; nothing written', async () => {
      const source = await richEstimate(alpha.siteID);
      const disabled = await makeUser(api, 'gone-user');
      await setUserActive(db(), disabled, false);
      const before = await counts();
      const cases: [string | number, unknown, number, string | undefined][] = [
        [source, { siteID: 'abc' }, 400, 'siteID'],
        [source, { siteID: -1 }, 400, 'siteID'],
        [source, { siteID: 2 ** 31 }, 400, 'siteID'],
        [source, { siteID: 1e300 }, 400, 'siteID'],
        [source, { siteID: 1.5 }, 400, 'siteID'],
        [source, { projectName: 'a\u0000b' }, 400, 'projectName'],
        [source, { projectName: 'p'.repeat(151) }, 400, 'projectName'],
        [source, { projectName: '' }, 400, 'projectName'],
        [source, { projectName: { $ne: 1 } }, 400, 'projectName'],
        [source, { salesperson: 999999 }, 400, 'salesperson'],
        [source, { salesperson: disabled }, 400, 'salesperson'],
        [source, { estimator: '1; DROP TABLE estimates' }, 400, 'estimator'],
        [source, { estimator: [me] }, 400, 'estimator'],
        [source, [], 400, undefined],
        ['abc', {}, 400, undefined],
        ['99999999999', {}, 400, undefined],
        ['0', {}, 400, undefined],
        [999999, {}, 404, undefined],
        [source, { siteID: 999999 }, 404, undefined],
      ];
      for (const [id, body, status, field] of cases) {
        const res = await duplicate(id, body);
        expect(res.status, `${id} ${JSON.stringify(body)}: ${res.raw}`).toBe(status);
        expect(res.body.message).toEqual(expect.any(String));
        if (field) {
          expect(res.body.message).toBe('Form is invalid.');
          expect(Object.keys(res.body.errors)).toEqual([field]);
        }
      }
      const both = await duplicate(source, { siteID: 'x', projectName: 'a\u0000' });
      expect(Object.keys(both.body.errors).sort()).toEqual(['projectName', 'siteID']);
      expect((await duplicate(source, { salesperson: disabled })).body.errors.salesperson).toMatch(/disabled/);
      expect((await duplicate(999999)).body).toEqual({ message: 'Estimate not found.' });
      expect((await duplicate(source, { siteID: 999999 })).body).toEqual({ message: 'Site not found.' });
      expect(await counts()).toEqual(before);
    });
  });

  describe('renew', () => {
    /** Estimates "Snow 2026 #i" of two areas × three items, prices spread over cents (ties at +4 % impossible, at 2.5 % plenty). */
    async function season(n: number): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        const estimateID = await makeEstimate(api, i % 2 ? alpha.siteID : beta.siteID, `Snow 2026 #${i} (2026-27)`);
        for (const [a, tax] of (['NJ', 'Phila'] as const).entries()) {
          const area = await makeArea(api, estimateID, { name: `Lot ${a}`, tax, isIncluded: a === 0 || i % 3 !== 0 });
          for (let j = 0; j < 3; j++) {
            const cents = (i * 7919 + a * 104729 + j * 1299709) % 250000;
            await makeItem(api, area, { name: `Plowing ${j}`, quantity: 1 + ((i + j) % 7) * 1.5, unitCost: 10, unitPrice: cents / 100 });
          }
        }
        ids.push(estimateID);
      }
      return ids;
    }

    let sources: number[] = [];

    beforeAll(async () => {
      sources = await season(50);
    });

    it('renews 50 estimates by +4 %: every unit price by renewedUnitPrice, totals computed again, names replaced, originals unchanged', async () => {
      const before = await Promise.all(sources.map(contentOf));
      const result = await renewed({
        estimateIDs: sources,
        pricing: { mode: 'percent', percent: 4 },
        projectName: { replace: '2026', with: '2027' },
      });
      expect(result.created.map((c) => c.from)).toEqual(sources);
      expect(result.created.every((c) => Object.keys(c).sort().join() === 'from,id')).toBe(true);
      const numbers = new Set<number>();
      for (const [k, { from, id }] of result.created.entries()) {
        const original = before[k];
        const copy = await contentOf(id);
        expect(copy.estimate).toMatchObject({
          siteID: original.estimate.siteID,
          customerID: original.estimate.customerID,
          projectName: `Snow 2027 #${k} (2027-27)`,
          status: 0,
          isArchived: false,
          salesperson: me,
          estimator: me,
        });
        numbers.add(copy.estimate.number);
        expect(copy.areas.map((a) => [a.name, a.tax, a.isIncluded])).toEqual(original.areas.map((a) => [a.name, a.tax, a.isIncluded]));
        for (const [a, area] of copy.areas.entries()) {
          const expectedItems = original.areas[a].items.map((item) => {
            const unitPrice = renewedUnitPrice(item.unitPrice, 4);
            return { ...itemFacts(item), unitPrice, ...itemTotals({ quantity: item.quantity, unitCost: item.unitCost, unitPrice }) };
          });
          expect(area.items.map(itemFacts)).toEqual(expectedItems);
          expect(area.subtotal).toBe(workAreaSubtotal(expectedItems));
        }
        expect(copy.estimate.subtotal).toBe(estimateSubtotal(copy.areas));
        expect((await api.get(`/api/estimates/${id}/pricing`)).body.pricing).toEqual(estimatePricing(copy.areas, copy.estimate.discount));
        expect(await contentOf(from)).toEqual(original);
      }
      expect(numbers.size).toBe(50);
      expect(Math.min(...numbers)).toBeGreaterThan(Math.max(...before.map((b) => b.estimate.number)));
      expect((await inconsistentFigures(db())).wrong).toEqual([]);
    });

    it("is set-based: the renewal's job costs as many statements for 50 estimates as for 2", async () => {
      const statements = watchStatements(api.database);
      const sent = async (ids: number[]) => {
        statements.take();
        const request = { estimateIDs: ids, pricing: { mode: 'percent' as const, percent: -2.5 } };
        const result = await inTransaction(db(), (tx) => renewEstimates(tx, request, { userId: me }));
        expect(result.created).toHaveLength(ids.length);
        return statements.take().length;
      };
      const few = await sent(sources.slice(0, 2));
      const many = await sent(sources);
      expect(many).toBe(few);
      expect(many).toBeLessThan(20);
    });

    it('by the catalogue: items picked from it at today’s price and size rules; the others keep theirs and are listed', async () => {
      const rules = [
        { type: 'LESS_THAN_OR_EQUAL', rangeEnd: 0.25 },
        { type: 'BETWEEN_EXCLUSIVE', rangeStart: 0.25, rangeEnd: 2, step: 0.25, secondaryPrice: 18 },
        { type: 'GREATER_THAN', rangeStart: 2, step: 0, secondaryPrice: 95 },
      ];
      const mowing = await api.post('/api/itemCatalog', { name: 'Lawn mowing', units: 'visit', cost: 25, price: 45, calculations: rules });
      expect(mowing.status, mowing.raw).toBe(201);
      const salt = await api.post('/api/itemCatalog', { name: 'Rock salt', units: 'ton', cost: 80, price: 120 });
      const retired = await api.post('/api/itemCatalog', { name: 'Retired thing', cost: 1, price: 2 });
      const estimateID = await makeEstimate(api, beta.siteID, 'Catalogue 2026');
      const area = await makeArea(api, estimateID, { name: 'Everything' });
      const line = (body: Row) => makeItem(api, area, body);
      await line({ itemID: mowing.body.id, name: 'Lawn mowing', size: 1, quantity: 30, unitCost: 25, unitPrice: 99 });
      await line({ itemID: mowing.body.id, name: 'Lawn mowing (big lot)', size: 3, quantity: 10, unitCost: 25, unitPrice: 285 });
      await line({ itemID: salt.body.id, name: 'Rock salt', size: null, quantity: 4, unitCost: 80, unitPrice: 110 });
      await line({ name: 'Custom stone wall', quantity: 1, unitCost: 500, unitPrice: 1234.56 });
      await line({ itemID: retired.body.id, name: 'Retired thing', quantity: 2, unitCost: 1, unitPrice: 2 });
      await line({ name: 'Custom stone wall', quantity: 2, unitCost: 500, unitPrice: 1000 });
      expect((await api.del(`/api/itemCatalog/${retired.body.id}`)).status).toBe(204);
      // Today's catalogue: mowing from 45 to 50 (its rules count from the base price), salt to 130.
      const read = (await api.get(`/api/itemCatalog/${mowing.body.id}`)).body;
      expect((await api.put(`/api/itemCatalog/${mowing.body.id}`, { ...read, price: 50, calculations: rules })).status).toBe(200);
      const saltRead = (await api.get(`/api/itemCatalog/${salt.body.id}`)).body;
      expect((await api.put(`/api/itemCatalog/${salt.body.id}`, { ...saltRead, price: 130 })).status).toBe(200);

      const result = await renewed({ estimateIDs: [estimateID, sources[0]], pricing: { mode: 'catalogue' } });
      expect(result.created[0]).toEqual({ from: estimateID, id: expect.any(Number), unchanged: ['Custom stone wall', 'Retired thing'] });
      expect(result.created[1]).toEqual({ from: sources[0], id: expect.any(Number), unchanged: ['Plowing 0', 'Plowing 1', 'Plowing 2'] });
      const copy = await contentOf(result.created[0].id);
      // 50 + (1 − 0.25) / 0.25 × 18 = 104; size 3 above 2: 3 × 95 = 285; salt 130.
      expect(copy.areas[0].items.map((i) => [i.name, i.itemID, i.unitPrice, i.totalPrice, i.unitCost])).toEqual([
        ['Lawn mowing', mowing.body.id, 104, 3120, 25],
        ['Lawn mowing (big lot)', mowing.body.id, 285, 2850, 25],
        ['Rock salt', salt.body.id, 130, 520, 80],
        ['Custom stone wall', null, 1234.56, 1234.56, 500],
        ['Retired thing', null, 2, 4, 1],
        ['Custom stone wall', null, 1000, 2000, 500],
      ]);
      expect(copy.areas[0].subtotal).toBe(9728.56);
      expect(copy.estimate.subtotal).toBe(9728.56);
      expect(copy.estimate.projectName).toBe('Catalogue 2026');
      expect((await inconsistentFigures(db())).wrong).toEqual([]);
    });

    it('item writes into the estimates during a renewal: each copy is its source before or after the write, every figure consistent', async () => {
      const ids = sources.slice(0, 20);
      const itemCounts = async (id: number) => (await contentOf(id)).areas.map((a) => a.items.length);
      const before = await Promise.all(ids.map(itemCounts));
      const firstAreas = await Promise.all(ids.map(async (id) => (await contentOf(id)).areas[0].id as number));
      const [result, ...writes] = await Promise.all([
        renewed({ estimateIDs: ids, pricing: { mode: 'percent', percent: 3 } }),
        ...firstAreas.map((area) =>
          api.post(`/api/workAreas/${area}/workAreaItems`, { name: 'Late salt', quantity: 1, unitCost: 1, unitPrice: 9.99 }),
        ),
      ]);
      expect(writes.map((w) => w.status)).toEqual(firstAreas.map(() => 201));
      for (const [k, { id }] of result.created.entries()) {
        const counts = await itemCounts(id);
        const added = [before[k][0] + 1, ...before[k].slice(1)];
        expect([JSON.stringify(before[k]), JSON.stringify(added)]).toContain(JSON.stringify(counts));
      }
      expect((await inconsistentFigures(db())).wrong).toEqual([]);
    });

    it('a second try of a renewal job that committed (its worker died before it said so) finds it done and copies nothing again', async () => {
      const body = { estimateIDs: sources.slice(0, 3), pricing: { mode: 'percent' as const, percent: 1 } };
      const { res, job } = await renew(body);
      expect(job?.status, job?.error).toBe('done');
      const before = await counts();
      const again = await renewalJob.run(
        { request: body, userId: me },
        {
          db: db(),
          jobId: res.body.jobID,
          ownerId: me,
          attempt: 2,
          signal: new AbortController().signal,
          progress: () => undefined,
          now: () => api.clock.now,
          // A renewal uses none of the process's services.
          services: {} as JobServices,
        },
      );
      expect(again).toEqual(job!.result);
      expect(await counts()).toEqual(before);
    });

    it('all or nothing: one unknown id, or any bad field, is a 400 naming it, a price past its column fails the job; nothing is created', async () => {
      const before = await counts();
      const percent = { mode: 'percent', percent: 4 };
      const cases: [unknown, string, RegExp?][] = [
        [{ estimateIDs: [...sources.slice(0, 10), 999999], pricing: percent }, 'estimateIDs', /999999/],
        [{ estimateIDs: [], pricing: percent }, 'estimateIDs'],
        [{ estimateIDs: 'all', pricing: percent }, 'estimateIDs'],
        [{ estimateIDs: Array.from({ length: 501 }, (_, i) => i + 1), pricing: percent }, 'estimateIDs', /500/],
        [{ estimateIDs: [sources[0], sources[0]], pricing: percent }, 'estimateIDs', /twice/],
        [{ estimateIDs: [sources[0], 1.5], pricing: percent }, 'estimateIDs'],
        [{ estimateIDs: [sources[0], '7'], pricing: percent }, 'estimateIDs'],
        [{ estimateIDs: [2 ** 31], pricing: percent }, 'estimateIDs'],
        [{ estimateIDs: [0], pricing: percent }, 'estimateIDs'],
        [{ estimateIDs: [sources[0]] }, 'pricing.mode'],
        [{ estimateIDs: [sources[0]], pricing: { mode: 'guess' } }, 'pricing.mode'],
        [{ estimateIDs: [sources[0]], pricing: { mode: 'percent' } }, 'pricing.percent'],
        [{ estimateIDs: [sources[0]], pricing: { mode: 'percent', percent: '4' } }, 'pricing.percent'],
        [{ estimateIDs: [sources[0]], pricing: { mode: 'percent', percent: 4.255 } }, 'pricing.percent', /decimals/],
        [{ estimateIDs: [sources[0]], pricing: { mode: 'percent', percent: -90.5 } }, 'pricing.percent', /between/],
        [{ estimateIDs: [sources[0]], pricing: { mode: 'percent', percent: 1e308 } }, 'pricing.percent'],
        [{ estimateIDs: [sources[0]], pricing: percent, projectName: { replace: '', with: '2027' } }, 'projectName.replace'],
        [{ estimateIDs: [sources[0]], pricing: percent, projectName: { replace: '2026\u0000', with: '2027' } }, 'projectName.replace'],
        [{ estimateIDs: [sources[0]], pricing: percent, projectName: { replace: '2026', with: 7 } }, 'projectName.with'],
        [{ estimateIDs: [sources[0]], pricing: percent, projectName: { replace: '2026', with: 'y'.repeat(151) } }, 'projectName.with'],
        // Fits on its own, but "Snow 2026 #0 (2026-27)" with both 2026 replaced is past 150 characters.
        [
          { estimateIDs: sources.slice(0, 3), pricing: percent, projectName: { replace: '2026', with: 'z'.repeat(70) } },
          'projectName.with',
          /exceed 150/,
        ],
      ];
      const huge = await hugePrice();
      const after = await counts();
      for (const [body, field, message] of cases) {
        const { res } = await renew(body);
        expect(res.status, `${JSON.stringify(body).slice(0, 200)}: ${res.raw}`).toBe(400);
        expect(res.body.message).toBe('Form is invalid.');
        expect(Object.keys(res.body.errors)).toEqual([field]);
        if (message) expect(res.body.errors[field]).toMatch(message);
      }
      // +1000 % on a unit price near the column's limit no longer fits: found while pricing, by the job.
      const { res, job } = await renew({ estimateIDs: [sources[0], huge], pricing: { mode: 'percent', percent: 1000 } });
      expect(res.status, res.raw).toBe(202);
      expect(job).toMatchObject({ status: 'failed', error: invalidMessage(workAreaItems.field('unitPrice')!) });
      expect(await counts()).toEqual(after);
      expect(after.estimates).toBe(before.estimates + 1);
    });

    /** An estimate with one item priced near numeric(12,2)'s limit. */
    async function hugePrice(): Promise<number> {
      const estimateID = await makeEstimate(api, alpha.siteID, 'Huge');
      await makeItem(api, await makeArea(api, estimateID), { quantity: 0.001, unitPrice: 9_000_000_000 });
      return estimateID;
    }
  });
});
