import Papa from 'papaparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as tables from '../../server/db/entityTables';
import { DECLINED_WITHOUT_REASON, DEFAULT_LOST_REASONS, lostReasonMessages } from '../../src/domain/lostReasons';
import { createEstimate, saveCompany, type CreatedEstimate } from '../helpers/printFixtures';
import { sendBody } from '../helpers/proposalFixtures';
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink';
import { createTestApi, signedInStaff, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const LOST = 3;
const byReason = (name: string) => `filter:lostReason=${encodeURIComponent(JSON.stringify(name))}`;
const URL = '/api/company/lostReasons';
const OFFICE_LIST = [
  { name: 'Price', officeOnly: false },
  { name: 'Timing', officeOnly: false },
  { name: 'Bad fit for us', officeOnly: true },
  { name: 'Other', officeOnly: false },
];

/** Issue 39, lost reasons: the office's list, the reason of every estimate marked lost, and the client's decline. */
describe.each(databaseKinds())('lost reasons on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let estimate: CreatedEstimate;

  const readEstimate = async (id = estimate.id) => (await api.get(`/api/estimates/${id}`)).body;
  const putEstimate = async (changes: Record<string, unknown>, id = estimate.id) =>
    api.put(`/api/estimates/${id}`, { ...(await readEstimate(id)), ...changes });
  const saveList = async (reasons: unknown, version?: number) =>
    api.put(URL, { reasons, version: version ?? (await api.get(URL)).body.version });
  const publicPost = (token: string, action: string, body: unknown) =>
    api.request('POST', `/api/public/proposals/${token}/${action}`, body, null);
  const sendProposal = async () => {
    const res = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    expect(res.status, res.raw).toBe(201);
    return (res.body.link as string).split('/p/')[1];
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    api = await createTestApi(kind, {
      mail: { smtpUrl: sink.url, mailFrom: 'office@greenfield.example', publicUrl: 'https://yard.example', timeoutMs: 3000 },
    });
    await saveCompany(api);
  });
  afterAll(async () => {
    await api?.close();
    await sink?.close();
  });
  beforeEach(async () => {
    estimate = await createEstimate(api, {
      projectName: 'Patio Beds',
      areas: [{ name: 'Beds', items: [{ name: 'Mulch', quantity: 2, unitPrice: 90 }] }],
    });
  });

  it('the defaults until the office saves its own list, which any user reads and only admins change', async () => {
    const read = await api.get(URL);
    expect(read.status, read.raw).toBe(200);
    expect(read.body).toEqual({ reasons: DEFAULT_LOST_REASONS, version: 0 });
    expect(read.body.reasons.map((reason: { name: string }) => reason.name)).toEqual([
      'Price',
      'Timing',
      'Chose another contractor',
      'No response',
      'Scope changed',
      'Other',
    ]);

    const staff = await signedInStaff(api);
    expect((await api.request('GET', URL, undefined, staff.token)).status).toBe(200);
    expect((await api.request('PUT', URL, { reasons: OFFICE_LIST, version: 0 }, staff.token)).status).toBe(403);

    const saved = await saveList([...OFFICE_LIST.slice(0, 3), { name: '  Other  ' }], 0);
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body).toEqual({ reasons: OFFICE_LIST, version: 1 });
    expect((await api.get(URL)).body).toEqual({ reasons: OFFICE_LIST, version: 1 });
    // The version read before that save is stale now.
    const stale = await saveList(DEFAULT_LOST_REASONS, 0);
    expect(stale.status, stale.raw).toBe(409);
    expect(stale.body.message).toBe(lostReasonMessages.stale);
    expect((await saveList(OFFICE_LIST, 7)).status).toBe(409);
  });

  it.each([
    ['not a list', 'Price'],
    ['empty', []],
    ['a blank name', [{ name: '   ' }]],
    ['a name too long', [{ name: 'x'.repeat(61) }]],
    ['a control character', [{ name: 'Pri\u0000ce' }]],
    ['a line break', [{ name: 'Price\nTiming' }]],
    ['the same name twice, in another case', [{ name: 'Price' }, { name: 'PRICE ' }]],
    ['too many', Array.from({ length: 31 }, (_, i) => ({ name: `Reason ${i}` }))],
    ['a reason that is not an object', ['Price']],
    ['officeOnly not a boolean', [{ name: 'Price', officeOnly: 'yes' }]],
  ])('a hostile list is refused naming reasons: %s', async (_, reasons) => {
    const before = (await api.get(URL)).body;
    const res = await saveList(reasons);
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['reasons']);
    expect((await api.get(URL)).body).toEqual(before);
  });

  it('a version that is not a whole number is refused naming it', async () => {
    const res = await api.put(URL, { reasons: OFFICE_LIST, version: 'one' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ version: lostReasonMessages.version });
  });

  it('an estimate made lost needs a reason from the list; the list filter and the export find it', async () => {
    const before = await readEstimate();
    const missing = await putEstimate({ status: LOST });
    expect(missing.status, missing.raw).toBe(400);
    expect(missing.body.errors).toEqual({ lostReason: lostReasonMessages.required });
    expect(await readEstimate()).toEqual(before);

    const unknown = await putEstimate({ status: LOST, lostReason: 'Weather' });
    expect(unknown.status, unknown.raw).toBe(400);
    expect(unknown.body.errors).toEqual({ lostReason: lostReasonMessages.notListed });
    expect(await readEstimate()).toEqual(before);

    const tooLong = await putEstimate({ status: LOST, lostReason: 'Price', lostNote: 'n'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.errors)).toEqual(['lostNote']);

    // Any case of a listed name is stored as listed.
    const lost = await putEstimate({ status: LOST, lostReason: 'timing', lostNote: 'Wants it done next spring.' });
    expect(lost.status, lost.raw).toBe(200);
    expect(await readEstimate()).toMatchObject({ status: LOST, lostReason: 'Timing', lostNote: 'Wants it done next spring.' });

    const listed = await api.get(`/api/estimates?${byReason('Timing')}&perPage=100`);
    expect(listed.status, listed.raw).toBe(200);
    expect(listed.body.estimates.map((row: { id: number }) => row.id)).toContain(estimate.id);
    const other = await api.get(`/api/estimates?${byReason('Price')}&perPage=100`);
    expect(other.body.estimates.map((row: { id: number }) => row.id)).not.toContain(estimate.id);

    const exported = await api.app.inject({
      method: 'GET',
      url: `/api/estimates/export?format=csv&${byReason('Timing')}`,
      headers: { authorization: `Bearer ${api.token}` },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const [header, ...rows] = Papa.parse<string[]>(exported.body.slice(1).trimEnd(), { newline: '\r\n' }).data;
    const row = rows.find((line) => Number(line[0]) === estimate.id)!;
    expect(row[header.indexOf('Lost Reason')]).toBe('Timing');
    expect(row[header.indexOf('Lost Note')]).toBe('Wants it done next spring.');

    // Keeping it lost: a reason no longer listed stays; clearing the reason is refused.
    await api.database.db.update(tables.estimates).set({ lostReason: 'Retired reason' }).where(eq(tables.estimates.id, estimate.id));
    expect((await putEstimate({ projectName: 'Patio Beds 2' })).status).toBe(200);
    for (const lostReason of [null, '', '  ']) {
      const cleared = await putEstimate({ lostReason });
      expect(cleared.status, cleared.raw).toBe(400);
      expect(cleared.body.errors).toEqual({ lostReason: lostReasonMessages.required });
    }
    expect((await readEstimate()).lostReason).toBe('Retired reason');

    // Leaving Estimate Lost clears the reason and the note.
    expect((await putEstimate({ status: 1 })).status).toBe(200);
    expect(await readEstimate()).toMatchObject({ status: 1, lostReason: null, lostNote: null });
  });

  it('an estimate stored lost without a reason (before reasons were kept) still saves until its status changes', async () => {
    await api.database.db.update(tables.estimates).set({ status: LOST }).where(eq(tables.estimates.id, estimate.id));
    const res = await putEstimate({ projectName: 'Older loss', isArchived: true });
    expect(res.status, res.raw).toBe(200);
    expect(await readEstimate()).toMatchObject({ status: LOST, lostReason: null, projectName: 'Older loss' });
  });

  it('a bulk status change to lost keeps each estimate, saying a reason is needed', async () => {
    const res = await api.post('/api/estimates/bulk', { action: 'setStatus', ids: [estimate.id], status: LOST });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ done: [], kept: [{ id: estimate.id, name: 'Patio Beds', reason: lostReasonMessages.required }] });
    expect((await readEstimate()).status).toBe(0);
  });

  it("the client's decline offers the reasons not kept for the office; the chosen one becomes the estimate's", async () => {
    await saveList(OFFICE_LIST);
    const token = await sendProposal();
    const sentStatus = (await readEstimate()).status;
    const page = await api.request('GET', `/api/public/proposals/${token}`, undefined, null);
    expect(page.status, page.raw).toBe(200);
    expect(page.body.lostReasons).toEqual(['Price', 'Timing', 'Other']);

    for (const lostReason of ['Bad fit for us', 'Weather']) {
      const refused = await publicPost(token, 'decline', { lostReason, reason: 'No thanks' });
      expect(refused.status, refused.raw).toBe(400);
      expect(refused.body.errors).toEqual({ lostReason: lostReasonMessages.notOffered });
    }
    expect((await readEstimate()).status).toBe(sentStatus);

    const declined = await publicPost(token, 'decline', { lostReason: 'price', reason: 'Another company was cheaper.' });
    expect(declined.status, declined.raw).toBe(200);
    expect(await readEstimate()).toMatchObject({ status: LOST, lostReason: 'Price', lostNote: 'Another company was cheaper.' });
  });

  it('a decline without a reason makes the estimate lost for no response', async () => {
    const token = await sendProposal();
    expect((await publicPost(token, 'decline', {})).status).toBe(200);
    expect(await readEstimate()).toMatchObject({ status: LOST, lostReason: DECLINED_WITHOUT_REASON, lostNote: null });
  });
});
