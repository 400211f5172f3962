import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyComparison, type RevisionSnapshot } from '../../src/domain/revisions';
import { seedDatabase } from '../../server/seed';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { makeArea, makeCustomerWithSite, makeEstimate, makeItem } from '../helpers/estimateFixtures';
import { sendBody } from '../helpers/proposalFixtures';
import { getBinary, pdfText } from '../helpers/pdfText';
import { hostileRevisionParams, randomEdit, type EditTarget } from '../helpers/revisionEdits';

type Row = Record<string, any>;

const tokenOf = (link: string) => link.split('/p/')[1];

describe.each(databaseKinds())('revisions of estimates on %s', (kind) => {
  let api: TestApi;
  let siteID: number;

  beforeAll(async () => {
    api = await createTestApi(kind);
    // The catalogue and the templates, for template generation.
    await seedDatabase(api.database.db, { demo: false });
    ({ siteID } = await makeCustomerWithSite(api, 'Revision Lawns'));
  });
  afterAll(() => api?.close());

  const estimateOf = async (id: number): Promise<Row> => (await api.get(`/api/estimates/${id}`)).body;
  const send = async (id: number) => {
    const res = await api.post(`/api/estimates/${id}/proposals`, sendBody(api));
    expect(res.status, res.raw).toBe(201);
    return res.body as { id: number; link: string };
  };
  const revisions = async (id: number) => {
    const res = await api.get(`/api/estimates/${id}/revisions`);
    expect(res.status, res.raw).toBe(200);
    return res.body.revisions as Row[];
  };
  const revision = async (id: number, number: number) => {
    const res = await api.get(`/api/estimates/${id}/revisions/${number}`);
    expect(res.status, res.raw).toBe(200);
    return res.body as { revision: number; current: boolean; frozenAt: string | null; frozenBy: string | null; snapshot: RevisionSnapshot };
  };
  const compare = async (id: number, from: number, to: number) => {
    const res = await api.get(`/api/estimates/${id}/revisions/compare?from=${from}&to=${to}`);
    expect(res.status, res.raw).toBe(200);
    return res.body;
  };
  const pricingOf = async (id: number) => (await api.get(`/api/estimates/${id}/pricing`)).body.pricing;

  /** An estimate of two areas (one with notes) and three items. */
  async function estimateWithWork(): Promise<{ id: number; lawn: number; beds: number; mowing: number; mulch: number }> {
    const id = await makeEstimate(api, siteID, 'Oak Ave');
    const lawn = await makeArea(api, id, { name: 'Front Lawn', tax: 'NJ' });
    const beds = await makeArea(api, id, { name: 'Back Beds', tax: 'PA' });
    expect((await api.put(`/api/workAreas/${beds}/notes`, { notes: '<p>Dog in yard</p>' })).status).toBe(200);
    const mowing = await makeItem(api, lawn, { name: 'Mowing', quantity: 20, unitCost: 25, unitPrice: 55.5 });
    await makeItem(api, lawn, { name: 'Edging', quantity: 3, unitCost: 20, unitPrice: 40 });
    const mulch = await makeItem(api, beds, { name: 'Mulch', quantity: 10, unitCost: 28, unitPrice: 65 });
    return { id, lawn, beds, mowing, mulch };
  }

  const putItem = async (itemID: number, changes: Row) => {
    const item = (await api.get(`/api/workAreaItems/${itemID}`)).body;
    const res = await api.put(`/api/workAreaItems/${itemID}`, { ...item, ...changes });
    expect(res.status, res.raw).toBe(200);
    return res.body;
  };

  it('a sent proposal freezes revision 1; the next item write starts revision 2 and withdraws the proposal (superseded, accept 409)', async () => {
    const { id, lawn, mowing } = await estimateWithWork();
    const fresh = await estimateOf(id);
    expect(fresh.revision).toBe(1);
    expect(await revisions(id)).toEqual([
      { revision: 1, frozenAt: null, frozenBy: null, subtotal: 1880, total: expect.any(Number), proposalIDs: [] },
    ]);

    const sent = await send(id);
    const [frozen] = await revisions(id);
    expect(frozen).toMatchObject({ revision: 1, frozenBy: 'Terry Tester', subtotal: 1880, proposalIDs: [sent.id] });
    expect(Date.parse(frozen.frozenAt)).not.toBeNaN();
    const sentEstimate = await estimateOf(id);
    expect(sentEstimate.revision).toBe(1);

    await putItem(mowing, { quantity: 25 });
    const changed = await estimateOf(id);
    expect(changed.revision).toBe(2);
    // The revision is server-kept: the estimate form read before the change still saves.
    expect(changed.version).toBe(sentEstimate.version);
    expect((await api.put(`/api/estimates/${id}`, { ...sentEstimate, projectName: 'Oak Avenue' })).status).toBe(200);

    const [listed] = (await api.get(`/api/estimates/${id}/proposals`)).body.proposals;
    expect(listed).toMatchObject({ id: sent.id, status: 'withdrawn', superseded: true });
    const publicView = await api.request('GET', `/api/public/proposals/${tokenOf(sent.link)}`, undefined, null);
    expect(publicView.body).toMatchObject({ status: 'withdrawn', superseded: true });
    const accept = await api.request(
      'POST',
      `/api/public/proposals/${tokenOf(sent.link)}/accept`,
      { acceptedWorkAreaIDs: [lawn], signerName: 'Pat Client', signature: { typed: 'Pat Client' } },
      null,
    );
    expect(accept.status, accept.raw).toBe(409);
    expect(accept.body.message).toMatch(/newer proposal/);

    const history = await revisions(id);
    expect(history.map((r) => [r.revision, r.frozenAt === null, r.proposalIDs])).toEqual([
      [1, false, [sent.id]],
      [2, true, []],
    ]);
    expect(history[1].subtotal).toBe(1880 + 5 * 55.5);
  });

  it('edits of a revision never sent do not start another; sending twice with no change keeps one frozen revision', async () => {
    const { id, mowing, lawn } = await estimateWithWork();
    await putItem(mowing, { quantity: 21 });
    await makeItem(api, lawn, { name: 'Aeration', quantity: 1, unitPrice: 150 });
    expect((await estimateOf(id)).revision).toBe(1);
    const first = await send(id);
    const second = await send(id);
    const history = await revisions(id);
    expect(history).toHaveLength(1);
    expect(history[0].proposalIDs).toEqual([first.id, second.id]);
    // Sending moved the status to Client Proposal Phase without starting a revision.
    expect(await estimateOf(id)).toMatchObject({ revision: 1, status: 1 });
  });

  it("each kind of change starts the next revision once: the estimate's fields, an area, a note, a clone, a template, a delete", async () => {
    const { id, lawn, beds, mulch } = await estimateWithWork();
    const changes: [string, () => Promise<unknown>][] = [
      ['estimate fields', async () => api.put(`/api/estimates/${id}`, { ...(await estimateOf(id)), discount: 5 })],
      ['area', async () => api.put(`/api/workAreas/${lawn}`, { ...(await api.get(`/api/workAreas/${lawn}`)).body, tax: 'DE' })],
      ['note', () => api.put(`/api/workAreas/${beds}/notes`, { notes: '<p>No dog</p>' })],
      ['clone', () => api.post(`/api/workAreas/${lawn}/clone`)],
      ['template', () => api.post('/api/estimates/generateTemplate', { estimateID: id, tax: 'NJ', category: 'LM' })],
      ['item delete', () => api.del(`/api/workAreaItems/${mulch}`)],
      ['area create', () => makeArea(api, id, { name: 'Patio' })],
    ];
    let expected = 1;
    for (const [what, change] of changes) {
      await send(id);
      const res = (await change()) as { status?: number } | number;
      if (typeof res === 'object') expect(res.status, what).toBeLessThan(300);
      expected += 1;
      expect((await estimateOf(id)).revision, what).toBe(expected);
      // A second change of the same revision is simply an edit.
      await api.put(`/api/workAreas/${lawn}/notes`, { notes: `<p>${what}</p>` });
      expect((await estimateOf(id)).revision, what).toBe(expected);
    }
    // Bookkeeping (status and its lost reason, archive) is not a change of what was proposed.
    await send(id);
    const read = await estimateOf(id);
    const lost = { ...read, status: 3, lostReason: 'Timing', lostNote: 'Next spring.', isArchived: true };
    expect((await api.put(`/api/estimates/${id}`, lost)).status).toBe(200);
    expect((await estimateOf(id)).revision).toBe(expected);
    // A stale version is refused and starts nothing, on the estimate as on an item.
    const stale = await api.put(`/api/estimates/${id}`, { ...read, projectName: 'Stale' });
    expect(stale.status).toBe(409);
    const [line] = (await api.get(`/api/workAreas/${lawn}/workAreaItems`)).body.workAreaItems;
    expect((await api.put(`/api/workAreaItems/${line.id}`, { ...line, quantity: 99, version: line.version + 5 })).status).toBe(409);
    expect((await estimateOf(id)).revision).toBe(expected);
    expect((await revisions(id)).at(-1)).toMatchObject({ revision: expected, proposalIDs: [expect.any(Number)] });
  });

  it('a frozen revision never changes; the current one not yet sent is the live estimate in the same shape', async () => {
    const { id, lawn, mowing } = await estimateWithWork();
    await send(id);
    const frozen = await revision(id, 1);
    expect(frozen).toMatchObject({ revision: 1, current: true, frozenBy: 'Terry Tester' });
    expect(frozen.snapshot.areas.map((a) => [a.name, a.items.map((i) => i.name)])).toEqual([
      ['Front Lawn', ['Mowing', 'Edging']],
      ['Back Beds', ['Mulch']],
    ]);
    expect(frozen.snapshot.pricing).toEqual(await pricingOf(id));

    await putItem(mowing, { name: 'Lawn mowing', unitPrice: 60 });
    await makeItem(api, lawn, { name: 'Aeration', quantity: 1, unitPrice: 150 });
    await api.put(`/api/workAreas/${lawn}/notes`, { notes: '<p>Gate code 1234</p>' });
    expect(await revision(id, 1)).toEqual({ ...frozen, current: false });
    const live = await revision(id, 2);
    expect(live).toMatchObject({ revision: 2, current: true, frozenAt: null, frozenBy: null });
    expect(live.snapshot.pricing).toEqual(await pricingOf(id));
    expect(live.snapshot.areas[0].items.map((i) => i.name)).toEqual(['Lawn mowing', 'Edging', 'Aeration']);
    expect((await api.get(`/api/estimates/${id}/revisions/3`)).status).toBe(404);
  });

  it('compare lists exactly the changes made: an item renamed and repriced, an area left out, one added', async () => {
    const { id, beds, mowing } = await estimateWithWork();
    await send(id);
    await putItem(mowing, { name: 'Lawn mowing', unitPrice: 60 });
    const bedsRow = (await api.get(`/api/workAreas/${beds}`)).body;
    expect((await api.put(`/api/workAreas/${beds}`, { ...bedsRow, isIncluded: false })).status).toBe(200);
    const patio = await makeArea(api, id, { name: 'Patio' });
    await send(id);
    const result = await compare(id, 1, 2);
    expect(result.from).toBe(1);
    expect(result.to).toBe(2);
    expect(result.areas.added.map((a: Row) => a.id)).toEqual([patio]);
    expect(result.areas.removed).toEqual([]);
    expect(result.areas.changed.map((a: Row) => [a.id, Object.keys(a.changes)])).toEqual([
      [result.areas.changed[0].id, ['subtotal']],
      [beds, ['included']],
    ]);
    expect(result.items).toMatchObject({ added: [], removed: [] });
    expect(result.items.changed).toEqual([
      {
        areaID: expect.any(Number),
        id: mowing,
        name: 'Lawn mowing',
        changes: { name: { from: 'Mowing', to: 'Lawn mowing' }, unitPrice: { from: 55.5, to: 60 }, totalPrice: { from: 1110, to: 1200 } },
      },
    ]);
    expect(result.totals.from.subtotal).toBe(1880);
    expect(result.totals.to.subtotal).toBe(1320);
  });

  it('compare: random edits between two sends, the comparison applied to the first revision gives the second', async () => {
    const { id, lawn, beds } = await estimateWithWork();
    const target: EditTarget = { api, estimateID: id, areas: [lawn, beds] };
    let sent = 0;
    await send(id);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), async (picks) => {
        for (const pick of picks) await randomEdit(target, pick);
        await send(id);
        sent += 1;
        const { revision: to } = await estimateOf(id);
        const from = to - 1;
        const [before, after] = [await revision(id, from), await revision(id, to)];
        expect(applyComparison(before.snapshot, await compare(id, from, to))).toEqual(after.snapshot);
        expect(after.snapshot.pricing).toEqual(await pricingOf(id));
      }),
      { numRuns: 4 },
    );
    expect(sent).toBe(4);
  });

  it('restore: an unsent revision is edited back in place, a sent one starts the next revision; totals are the restored ones', async () => {
    const { id, lawn, beds, mowing, mulch } = await estimateWithWork();
    await send(id);
    const first = await revision(id, 1);
    await putItem(mowing, { quantity: 40 });
    await api.del(`/api/workAreaItems/${mulch}`);
    await api.del(`/api/workAreas/${lawn}`);
    await makeArea(api, id, { name: 'Patio' });
    await api.put(`/api/workAreas/${beds}/notes`, { notes: null });
    const read = await estimateOf(id);
    await api.put(`/api/estimates/${id}`, { ...read, discount: 12.5 });
    expect((await estimateOf(id)).revision).toBe(2);

    const restored = await api.post(`/api/estimates/${id}/revisions/1/restore`, {});
    expect(restored.status, restored.raw).toBe(200);
    expect(restored.body).toEqual({ revision: 2 });
    // Everything comes back as it was, deleted areas and lines with their own ids (and so in their places).
    expect((await revision(id, 2)).snapshot).toEqual(first.snapshot);
    expect(await pricingOf(id)).toEqual(first.snapshot.pricing);
    expect((await api.get(`/api/workAreas/${lawn}`)).status).toBe(200);

    await send(id);
    const stale = await api.post(`/api/estimates/${id}/revisions/1/restore`, { version: 1 });
    expect(stale.status).toBe(409);
    expect((await estimateOf(id)).revision).toBe(2);
    const again = await api.post(`/api/estimates/${id}/revisions/1/restore`, { version: (await estimateOf(id)).version });
    expect(again.status, again.raw).toBe(200);
    expect(again.body).toEqual({ revision: 3 });
    expect((await revisions(id)).map((r) => r.revision)).toEqual([1, 2, 3]);
    expect(await pricingOf(id)).toEqual(first.snapshot.pricing);
  });

  it('the number shows as #<number>-R<revision>: the sent PDF, the client page, the office lists', async () => {
    const { id, mowing } = await estimateWithWork();
    await send(id);
    await putItem(mowing, { quantity: 30 });
    const sent = await send(id);
    const { number } = await estimateOf(id);
    const pdf = await getBinary(api, `/api/proposals/${sent.id}/pdf`);
    const { text } = await pdfText(pdf.bytes);
    expect(text).toContain(`PROPOSAL NO. #${number}-R2`);
    expect(text).toMatch(new RegExp(`Proposal #${number}-R2\\s+Page 1`));
    const publicView = await api.request('GET', `/api/public/proposals/${tokenOf(sent.link)}`, undefined, null);
    expect(publicView.body.estimate).toMatchObject({ number, revision: 2 });
    const listed = (await api.get(`/api/estimates/${id}/proposals`)).body.proposals;
    expect(listed.map((p: Row) => p.revision)).toEqual([2, 1]);
    const awaiting = (await api.get('/api/proposals/awaiting')).body.proposals.find((p: Row) => p.id === sent.id);
    expect(awaiting).toMatchObject({ estimateNumber: number, revision: 2, estimateLabel: `#${number}-R2` });
    const printed = await getBinary(api, `/api/estimates/${id}/generateEstimateProposal?printType=TOTAL_PRICE_ONLY&approval=true&tcIDs=[]`);
    expect((await pdfText(printed.bytes)).text).toContain(`#${number}-R2`);
  });

  it('a duplicate starts at revision 1', async () => {
    const { id, mowing } = await estimateWithWork();
    await send(id);
    await putItem(mowing, { quantity: 2 });
    const copy = await api.post(`/api/estimates/${id}/duplicate`, {});
    expect(copy.status, copy.raw).toBe(201);
    expect((await estimateOf(copy.body.id)).revision).toBe(1);
    expect(await revisions(copy.body.id)).toMatchObject([{ revision: 1, frozenAt: null, proposalIDs: [] }]);
  });

  it('unknown estimates and revisions are 404, hostile parameters 400 naming the field, never a 5xx', async () => {
    const { id } = await estimateWithWork();
    expect((await api.get('/api/estimates/999999/revisions')).status).toBe(404);
    expect((await api.get('/api/estimates/999999/revisions/1')).status).toBe(404);
    expect((await api.get('/api/estimates/999999/revisions/compare?from=1&to=1')).status).toBe(404);
    expect((await api.post('/api/estimates/999999/revisions/1/restore', {})).status).toBe(404);
    expect((await api.get(`/api/estimates/${id}/revisions/2`)).status).toBe(404);
    expect((await api.get(`/api/estimates/${id}/revisions/compare?from=1&to=7`)).status).toBe(404);
    expect((await api.post(`/api/estimates/${id}/revisions/5/restore`, {})).status).toBe(404);
    for (const { path, field } of hostileRevisionParams(id)) {
      const res = await api.request(path.method, path.url, path.body);
      expect(res.status, `${path.method} ${path.url} ${res.raw}`).toBe(400);
      if (field) expect(res.body.errors?.[field] ?? res.body.message, path.url).toBeTruthy();
    }
  });
});
