import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalStageLabels, PROPOSAL_STAGES, type Pipeline } from '../../src/domain/pipeline';
import { FIXTURE_COMPANY } from '../helpers/companyFixture';
import { createEstimate, saveCompany, type CreatedEstimate } from '../helpers/printFixtures';
import { sendBody } from '../helpers/proposalFixtures';
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const DAY = 86_400_000;
/** Monday 7 December 2026, noon in New York. */
const MONDAY_NOON = Date.parse('2026-12-07T17:00:00Z');
const tokenOf = (link: string) => link.split('/p/')[1];

/**
 * Issue 39, Home's pipeline: the estimates by the stage of their newest proposal (each stage the
 * estimates list's `filter:proposalStage`), the conversion of the last 90 days, the period's wins
 * and losses; and the office told of each client's answer (a notice for the salesperson, a mail).
 */
describe.each(databaseKinds())('the pipeline on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;

  const setClock = async (instant: number) => {
    api.clock.now = instant;
    api.token = await api.login();
  };
  const estimateWith = async (projectName: string, price: number): Promise<CreatedEstimate> =>
    createEstimate(api, { projectName, areas: [{ name: 'Lawn', items: [{ name: 'Mow', quantity: 1, unitPrice: price }] }] });
  const send = async (estimate: CreatedEstimate, validUntil: string) => {
    const res = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api, { validUntil }));
    expect(res.status, res.raw).toBe(201);
    return res.body as { id: number; link: string };
  };
  const publicPost = (link: string, action: string, body: unknown) =>
    api.request('POST', `/api/public/proposals/${tokenOf(link)}/${action}`, body, null);
  const stageList = async (stage: string) => {
    const res = await api.get(
      `/api/estimates?filter:proposalStage=${encodeURIComponent(JSON.stringify([stage]))}&filter:estimate_is_archived=${encodeURIComponent('[0]')}`,
    );
    expect(res.status, res.raw).toBe(200);
    return (res.body.estimates as { projectName: string }[]).map((estimate) => estimate.projectName).sort();
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    api = await createTestApi(kind, {
      mail: { smtpUrl: sink.url, mailFrom: 'office@greenfield.example', publicUrl: 'https://yard.example' },
    });
    await setClock(MONDAY_NOON - 10 * DAY);
    await saveCompany(api);
  });
  afterAll(async () => {
    await api?.close();
    await sink?.close();
  });

  it('counts each stage with its value, and the list filtered by a stage shows exactly those estimates', async () => {
    const notOpened = await estimateWith('Not Opened', 100);
    const opened = await estimateWith('Opened', 200);
    const changes = await estimateWith('Changes', 300);
    const expiring = await estimateWith('Expiring', 400);
    const expired = await estimateWith('Expired', 500);
    const signed = await estimateWith('Signed', 600);
    await send(notOpened, '2026-12-31');
    const openedSent = await send(opened, '2026-12-31');
    const changesSent = await send(changes, '2026-12-31');
    await send(expiring, '2026-12-10');
    await send(expired, '2026-12-03');
    const signedSent = await send(signed, '2026-12-31');
    expect((await api.request('GET', `/api/public/proposals/${tokenOf(openedSent.link)}`, undefined, null)).status).toBe(200);
    expect((await publicPost(changesSent.link, 'requestChanges', { message: 'Less mulch please.' })).status).toBe(200);
    const areas = (await api.request('GET', `/api/public/proposals/${tokenOf(signedSent.link)}`, undefined, null)).body.areas;
    const accepted = await publicPost(signedSent.link, 'accept', {
      acceptedWorkAreaIDs: areas.map((area: { id: number }) => area.id),
      signerName: 'Pat Client',
      signature: { typed: 'Pat Client' },
    });
    expect(accepted.status, accepted.raw).toBe(200);

    await setClock(MONDAY_NOON);
    const res = await api.get('/api/proposals/pipeline');
    expect(res.status, res.raw).toBe(200);
    const pipeline = res.body as Pipeline;
    const figure = (stage: string) => pipeline.stages.find((row) => row.stage === stage);
    expect(pipeline.stages.map((row) => row.stage)).toEqual([...PROPOSAL_STAGES]);
    expect(figure('notOpened')).toEqual({ stage: 'notOpened', count: 2, value: 500 }); // Not Opened and Expiring
    expect(figure('opened')).toEqual({ stage: 'opened', count: 1, value: 200 });
    expect(figure('changesRequested')).toEqual({ stage: 'changesRequested', count: 1, value: 300 });
    expect(figure('expiring')).toEqual({ stage: 'expiring', count: 1, value: 400 });
    expect(figure('expired')).toEqual({ stage: 'expired', count: 1, value: 500 });

    expect(await stageList('notOpened')).toEqual(['Expiring', 'Not Opened']);
    expect(await stageList('opened')).toEqual(['Opened']);
    expect(await stageList('changesRequested')).toEqual(['Changes']);
    expect(await stageList('expiring')).toEqual(['Expiring']);
    expect(await stageList('expired')).toEqual(['Expired']);
    // Sent again, the newest proposal decides: no longer expired, not opened.
    await send(expired, '2026-12-31');
    expect(await stageList('expired')).toEqual([]);
    expect(await stageList('notOpened')).toEqual(['Expired', 'Expiring', 'Not Opened']);

    // Six estimates sent in the window, the opened, changed and signed ones opened, one signed the day it was sent.
    expect(pipeline.conversion).toEqual({ sent: 6, opened: 3, signed: 1, medianDaysToSign: 0 });
    expect(pipeline.outcomes.total).toMatchObject({ won: 1, lost: 0, winRatePercent: 100 });
    expect(pipeline.outcomes.bySalesperson).toEqual([
      { salesperson: expect.any(Number), name: 'Terry Tester', won: 1, lost: 0, lostValue: 0, winRatePercent: 100 },
    ]);
    expect(proposalStageLabels.expired).toBe('Expired this month');
  });

  it('refuses a stage it does not know and a period that is not one, naming them', async () => {
    const bad = await api.get(`/api/estimates?filter:proposalStage=${encodeURIComponent('["lost"]')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Filter proposalStage takes notOpened, opened/);
    for (const [query, field] of [
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-12-05&to=2026-12-01', 'from'],
      ['from=1900-01-01&to=2026-12-01', 'to'],
    ] as const) {
      const res = await api.get(`/api/proposals/pipeline?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect((await api.get('/api/proposals/pipeline?from=2026-12-01&to=2026-12-31')).body.outcomes).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('tells the salesperson of each answer: a notice until seen, and a mail (the company address when they have none)', async () => {
    const estimate = await estimateWith('Told', 150);
    const sent = await send(estimate, '2026-12-31');
    await api.app.mailer.deliverPending();
    sink.messages.length = 0;
    expect((await publicPost(sent.link, 'decline', { reason: 'Too early in the season.' })).status).toBe(200);
    const mine = await api.get('/api/notices');
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.unseen).toBeGreaterThanOrEqual(1);
    const [notice] = mine.body.notices;
    expect(notice).toMatchObject({ kind: 'declined', estimateID: estimate.id, proposalID: sent.id });
    expect(notice.text).toMatch(/declined proposal #\d+-R1 \(Told\)\./);
    await api.app.mailer.deliverPending();
    const mail = sink.messages.find((message) => message.subject?.includes('declined'));
    expect(mail?.to).toMatchObject({ value: [{ address: FIXTURE_COMPANY.email }] });

    const ids = mine.body.notices.map((row: { id: number }) => row.id);
    const seen = await api.post('/api/notices/seen', { ids });
    expect(seen.status, seen.raw).toBe(200);
    expect(seen.body.seen).toBe(ids.length);
    expect((await api.get('/api/notices')).body).toEqual({ notices: [], unseen: 0 });
    expect((await api.post('/api/notices/seen', { ids: ['x'] })).status).toBe(400);
  });
});
