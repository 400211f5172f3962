/**
 * A send renders its PDF outside every transaction and lock (issue 36): the estimate can be
 * edited meanwhile, and the proposal stored is made from what the estimate is when it is
 * stored — never a PDF of an estimate that has changed since.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals } from '../../server/db/tables/proposals';
import { CHANGED_WHILE_SENDING } from '../../server/proposals/sendProposal';
import { DOCUMENT_TOO_LARGE, type HeavyWork } from '../../server/work/heavyWork';
import { HttpError } from '../../server/errors';
import { signedPdfFailed } from '../../server/proposals/signedPdfJob';
import { SIGNED_PDF_PENDING } from '../../src/domain/proposals';
import { ESTIMATE_STATUS } from '../../src/domain/estimates';
import { sendBody } from '../helpers/proposalFixtures';
import { seedEstimate } from '../helpers/seedEstimate';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const AREAS = [{ name: 'Front Beds', items: [{ name: 'Hardwood mulch', quantity: 12, unitCost: 28, unitPrice: 65, units: 'yd³' }] }];

describe.each(databaseKinds())('a send renders outside the lock, on %s', (kind) => {
  let api: TestApi;
  let estimateID: number;
  let otherEstimateID: number;
  /** Each render waits until the test lets it go; `rendering` resolves when one has begun. */
  let renders = 0;
  let letRenderGo: () => void = () => undefined;
  let holdRenders = false;

  beforeAll(async () => {
    api = await createTestApi(kind);
    ({ estimateID } = await seedEstimate(api.database.db, AREAS, 0));
    const copy = await api.post(`/api/estimates/${estimateID}/duplicate`, {});
    otherEstimateID = copy.body.id;
    const heavyWork: HeavyWork = api.app.heavyWork;
    const render = heavyWork.proposalPdf.bind(heavyWork);
    const renderSigned = heavyWork.signedProposalPdf.bind(heavyWork);
    heavyWork.signedProposalPdf = async (...args) => {
      await signedGate();
      return renderSigned(...args);
    };
    heavyWork.proposalPdf = async (...args) => {
      renders += 1;
      if (holdRenders) {
        const gate = new Promise<void>((resolve) => (letRenderGo = resolve));
        onRenderStarted();
        await gate;
      }
      return render(...args);
    };
  });
  afterAll(() => api?.close());

  let onRenderStarted: () => void = () => undefined;
  /** What a signed PDF's render waits for first (the test holds it or makes it fail). */
  let signedGate: () => Promise<void> = async () => undefined;
  const nextRender = () => new Promise<void>((resolve) => (onRenderStarted = resolve));

  async function renameProject(id: number, projectName: string) {
    const current = (await api.get(`/api/estimates/${id}`)).body;
    const started = performance.now();
    const res = await api.put(`/api/estimates/${id}`, { ...current, projectName });
    return { status: res.status, ms: performance.now() - started };
  }

  it('an edit of the same estimate answers while its PDF renders, as fast as one of another; the PDF is made again from the edit', async () => {
    holdRenders = true;
    renders = 0;
    let started = nextRender();
    const send = api.post(`/api/estimates/${estimateID}/proposals`, sendBody(api));
    await started;
    const same = await renameProject(estimateID, 'Maple Ridge 2026 Season');
    const other = await renameProject(otherEstimateID, 'Maple Ridge Copy');
    expect(same.status).toBe(200);
    expect(other.status).toBe(200);
    // The same bound: the edit did not wait for the render (which is still held).
    expect(same.ms).toBeLessThan(Math.max(3 * other.ms, 1_000));
    started = nextRender();
    letRenderGo();
    await started; // the snapshot no longer matched: a second render
    holdRenders = false;
    letRenderGo();
    const sent = await send;
    expect(sent.status).toBe(201);
    expect(renders).toBe(2);
    const [stored] = await api.database.db.select().from(proposals).where(eq(proposals.id, sent.body.id));
    expect((stored.snapshot as { data: { estimate: { projectName: string } } }).data.estimate.projectName).toBe('Maple Ridge 2026 Season');
    expect(stored.pdf.length).toBeGreaterThan(1000);
  });

  it('an estimate that keeps changing while its PDF is made: 409 saying so, and nothing is sent', async () => {
    const before = await api.database.db.select({ id: proposals.id }).from(proposals);
    const status = (await api.get(`/api/estimates/${otherEstimateID}`)).body.status;
    holdRenders = true;
    renders = 0;
    let started = nextRender();
    const send = api.post(`/api/estimates/${otherEstimateID}/proposals`, sendBody(api));
    for (let i = 1; i <= 3; i++) {
      await started;
      expect((await renameProject(otherEstimateID, `Changed ${i}`)).status).toBe(200);
      started = i < 3 ? nextRender() : started;
      letRenderGo();
    }
    holdRenders = false;
    const refused = await send;
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CHANGED_WHILE_SENDING);
    expect(renders).toBe(3);
    expect(await api.database.db.select({ id: proposals.id }).from(proposals)).toEqual(before);
    const after = (await api.get(`/api/estimates/${otherEstimateID}`)).body;
    expect(after.status).toBe(status);
    expect(status).toBe(ESTIMATE_STATUS.inProgress);
  });

  it("a client's acceptance commits without waiting for the signed PDF, which a job makes after it; the office sees it pending, then ready", async () => {
    const copy = await api.post(`/api/estimates/${estimateID}/duplicate`, {});
    const sent = await api.post(`/api/estimates/${copy.body.id}/proposals`, sendBody(api));
    expect(sent.status, sent.raw).toBe(201);
    const token = sent.body.link.split('/p/')[1];
    const areaIDs = (await api.get(`/api/workAreas?filter:estimate_id=${copy.body.id}`)).body.workAreas.map(
      (area: { id: number }) => area.id,
    );
    let letSignedGo: () => void = () => undefined;
    let signedStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (signedStarted = resolve));
    signedGate = () => {
      signedStarted();
      return new Promise<void>((resolve) => (letSignedGo = resolve));
    };
    const accept = api.request(
      'POST',
      `/api/public/proposals/${token}/accept`,
      { acceptedWorkAreaIDs: areaIDs, signerName: 'Pat Client', signature: { typed: 'Pat Client' } },
      null,
    );
    await started;
    // Accepted and committed while its signed PDF renders: the estimate is signed and free to edit.
    const estimate = (await api.get(`/api/estimates/${copy.body.id}`)).body;
    expect(estimate.status).toBe(ESTIMATE_STATUS.contractSigned);
    expect((await renameProject(copy.body.id, 'Signed, then renamed')).status).toBe(200);
    const listed = async () => (await api.get(`/api/estimates/${copy.body.id}/proposals`)).body.proposals[0];
    expect(await listed()).toMatchObject({ status: 'accepted', signedPdfSha256: null, signedPdfStatus: 'pending' });
    expect((await api.get(`/api/proposals/${sent.body.id}`)).body).toMatchObject({
      id: sent.body.id,
      status: 'accepted',
      pdfStatus: 'ready',
      signedPdfStatus: 'pending',
    });
    expect(await api.get(`/api/proposals/${sent.body.id}/signedPdf`)).toMatchObject({ status: 409, body: { message: SIGNED_PDF_PENDING } });
    letSignedGo();
    expect((await accept).status).toBe(200);
    const ready = await listed();
    expect(ready.signedPdfStatus).toBe('ready');
    expect((await api.get(`/api/proposals/${sent.body.id}`)).body).toEqual(ready);
    expect((await api.get(`/api/proposals/${sent.body.id + 1000}`)).status).toBe(404);
    expect((await api.get('/api/proposals/abc')).status).toBe(400);
    expect(ready.signedPdfSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await api.get(`/api/proposals/${sent.body.id}/signedPdf`)).status).toBe(200);
    signedGate = async () => undefined;
  });

  it('a signed PDF that cannot be made leaves the acceptance as it is and says so', async () => {
    const copy = await api.post(`/api/estimates/${estimateID}/duplicate`, {});
    const sent = await api.post(`/api/estimates/${copy.body.id}/proposals`, sendBody(api));
    const token = sent.body.link.split('/p/')[1];
    const areaIDs = (await api.get(`/api/workAreas?filter:estimate_id=${copy.body.id}`)).body.workAreas.map(
      (area: { id: number }) => area.id,
    );
    signedGate = async () => {
      throw new HttpError(422, DOCUMENT_TOO_LARGE);
    };
    try {
      const accepted = await api.request(
        'POST',
        `/api/public/proposals/${token}/accept`,
        { acceptedWorkAreaIDs: areaIDs, signerName: 'Pat Client', signature: { typed: 'Pat Client' } },
        null,
      );
      expect(accepted.status).toBe(200);
    } finally {
      signedGate = async () => undefined;
    }
    const [proposal] = (await api.get(`/api/estimates/${copy.body.id}/proposals`)).body.proposals;
    expect(proposal).toMatchObject({ status: 'accepted', signedPdfStatus: 'failed', deliveryError: signedPdfFailed(DOCUMENT_TOO_LARGE) });
    expect((await api.get(`/api/estimates/${copy.body.id}`)).body.status).toBe(ESTIMATE_STATUS.contractSigned);
  });
});
