/**
 * A send commits in one short transaction and its PDF renders after it, as a job (issue 36):
 * the estimate can be edited meanwhile, and the PDF is made from the snapshot the send froze.
 * The proposal shows its PDF pending, ready or failed; its mail waits for it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals } from '../../server/db/tables/proposals';
import { mailOutbox } from '../../server/db/tables/mail';
import { jobs } from '../../server/db/tables/jobs';
import { UNTIL_RELEASED } from '../../server/jobs/kinds';
import { JOB_KINDS } from '../../src/domain/jobs';
import { proposalPdfFailed } from '../../server/proposals/proposalPdfJob';
import { DOCUMENT_TOO_LARGE, type HeavyWork } from '../../server/work/heavyWork';
import { HttpError } from '../../server/errors';
import { signedPdfFailed } from '../../server/proposals/signedPdfJob';
import { PDF_NOT_MADE, PDF_PENDING, SIGNED_PDF_PENDING } from '../../src/domain/proposals';
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
    // The send and the acceptance answer soon, their PDFs pending: the test holds the renders.
    api = await createTestApi(kind, { documentWaitMs: 100 });
    ({ estimateID } = await seedEstimate(api.database.db, AREAS, 0));
    const copy = await api.post(`/api/estimates/${estimateID}/duplicate`, {});
    otherEstimateID = copy.body.id;
    const render = heavyWork().proposalPdf.bind(heavyWork());
    const renderSigned = heavyWork().signedProposalPdf.bind(heavyWork());
    heavyWork().signedProposalPdf = async (...args) => {
      await signedGate();
      return renderSigned(...args);
    };
    heavyWork().proposalPdf = async (...args) => {
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
  const heavyWork = (): HeavyWork => api.app.heavyWork;

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

  const proposalOf = async (id: number) => (await api.get(`/api/proposals/${id}`)).body;
  /** When the queued jobs of a proposal's mails run (ms). */
  async function mailJobRunsAt(proposalID: number) {
    const mails = await api.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.proposalID, proposalID));
    const queued = await api.database.db
      .select({ runAt: jobs.runAt, payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, JOB_KINDS.mail), eq(jobs.status, 'queued')));
    const ids = new Set(mails.map((mail) => mail.id));
    return queued.filter((job) => ids.has((job.payload as { mailID: number }).mailID)).map((job) => job.runAt.getTime());
  }
  const storedProposal = async (id: number) => (await api.database.db.select().from(proposals).where(eq(proposals.id, id)))[0];

  it('the send commits and answers while its PDF renders; an edit of the same estimate answers as fast as one of another; the PDF is of the estimate as sent', async () => {
    // Mail set up (nothing delivers it here: the test reads the queue).
    const mailSettings = { host: '127.0.0.1', port: 2525, security: 'none', fromAddress: 'office@greenfield.example', version: 0 };
    expect((await api.put('/api/company/mail', mailSettings)).status).toBe(200);
    holdRenders = true;
    renders = 0;
    const started = nextRender();
    const sent = await api.post(`/api/estimates/${estimateID}/proposals`, sendBody(api));
    expect(sent.status, sent.raw).toBe(201);
    expect(sent.body.pdfStatus).toBe('pending');
    await started;
    // Sent and committed: the estimate is in its proposal phase while its PDF is still held.
    expect((await api.get(`/api/estimates/${estimateID}`)).body.status).toBe(ESTIMATE_STATUS.proposalPhase);
    expect(await proposalOf(sent.body.id)).toMatchObject({ pdfStatus: 'pending', pdfSha256: null, deliveryStatus: 'queued' });
    // Its mail waits for the PDF: not due until the PDF is stored.
    expect(await mailJobRunsAt(sent.body.id)).toEqual([UNTIL_RELEASED]);
    expect(await api.get(`/api/proposals/${sent.body.id}/pdf`)).toMatchObject({ status: 409, body: { message: PDF_PENDING } });
    const token = sent.body.link.split('/p/')[1];
    const publicPdf = await api.request('GET', `/api/public/proposals/${token}/pdf`, undefined, null);
    expect(publicPdf).toMatchObject({ status: 409, body: { message: PDF_PENDING } });
    expect((await api.request('GET', `/api/public/proposals/${token}`, undefined, null)).body.pdfUrl).toBeNull();
    const same = await renameProject(estimateID, 'Maple Ridge 2026 Season');
    const other = await renameProject(otherEstimateID, 'Maple Ridge Copy');
    expect(same.status).toBe(200);
    expect(other.status).toBe(200);
    // The same bound: the edit did not wait for the render (which is still held).
    expect(same.ms).toBeLessThan(Math.max(3 * other.ms, 1_000));
    holdRenders = false;
    letRenderGo();
    await expect.poll(async () => (await proposalOf(sent.body.id)).pdfStatus, { timeout: 30_000 }).toBe('ready');
    expect(renders).toBe(1);
    expect(await mailJobRunsAt(sent.body.id)).toEqual([0]);
    const stored = await storedProposal(sent.body.id);
    // Made from the snapshot the send froze, not from the edit that came after it.
    expect((stored.snapshot as { data: { estimate: { projectName: string } } }).data.estimate.projectName).not.toBe(
      'Maple Ridge 2026 Season',
    );
    expect(stored.pdf?.length).toBeGreaterThan(1000);
    expect(stored.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await api.get(`/api/proposals/${sent.body.id}/pdf`)).status).toBe(200);
    expect((await api.request('GET', `/api/public/proposals/${token}`, undefined, null)).body.pdfUrl).toBe(
      `/api/public/proposals/${token}/pdf`,
    );
  });

  it('a PDF that cannot be made: the proposal says so, its PDF answers 409 with why, and it cannot be emailed again', async () => {
    const copy = await api.post(`/api/estimates/${estimateID}/duplicate`, {});
    const failing = heavyWork().proposalPdf;
    heavyWork().proposalPdf = async () => {
      throw new HttpError(422, DOCUMENT_TOO_LARGE);
    };
    let id = 0;
    try {
      const sent = await api.post(`/api/estimates/${copy.body.id}/proposals`, sendBody(api));
      expect(sent.status, sent.raw).toBe(201);
      id = sent.body.id;
      await expect.poll(async () => (await proposalOf(id)).pdfStatus, { timeout: 30_000 }).toBe('failed');
    } finally {
      heavyWork().proposalPdf = failing;
    }
    expect(await proposalOf(id)).toMatchObject({ deliveryError: proposalPdfFailed(DOCUMENT_TOO_LARGE), pdfSha256: null });
    expect(await api.get(`/api/proposals/${id}/pdf`)).toMatchObject({ status: 409, body: { message: PDF_NOT_MADE } });
    expect(await api.post(`/api/proposals/${id}/resend`, {})).toMatchObject({ status: 409, body: { message: PDF_NOT_MADE } });
    expect(await storedProposal(id)).toMatchObject({ pdf: null, pdfSha256: null });
    // Its mail, which waited for the PDF, failed saying why, and its job will not run.
    const [mail] = await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.proposalID, id));
    expect(mail).toMatchObject({ status: 'failed', lastError: proposalPdfFailed(DOCUMENT_TOO_LARGE) });
    expect(await mailJobRunsAt(id)).toEqual([]);
  });

  it('a client who signs before the PDF as sent is made: the acceptance commits, and the signed PDF follows the PDF', async () => {
    const copy = await api.post(`/api/estimates/${estimateID}/duplicate`, {});
    holdRenders = true;
    const started = nextRender();
    const sent = await api.post(`/api/estimates/${copy.body.id}/proposals`, sendBody(api));
    await started;
    const token = sent.body.link.split('/p/')[1];
    const areaIDs = (await api.get(`/api/workAreas?filter:estimate_id=${copy.body.id}`)).body.workAreas.map(
      (area: { id: number }) => area.id,
    );
    const accepted = await api.request(
      'POST',
      `/api/public/proposals/${token}/accept`,
      { acceptedWorkAreaIDs: areaIDs, signerName: 'Pat Client', signature: { typed: 'Pat Client' } },
      null,
    );
    expect(accepted.status, accepted.raw).toBe(200);
    expect(await proposalOf(sent.body.id)).toMatchObject({ status: 'accepted', pdfStatus: 'pending', signedPdfStatus: 'pending' });
    holdRenders = false;
    letRenderGo();
    await expect.poll(async () => (await proposalOf(sent.body.id)).signedPdfStatus, { timeout: 30_000 }).toBe('ready');
    const stored = await storedProposal(sent.body.id);
    // The signed copy carries the pages that were sent, after the acceptance page.
    expect(stored.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.signedPdf!.length).toBeGreaterThan(stored.pdf!.length);
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
    expect((await accept).status).toBe(200);
    letSignedGo();
    await expect.poll(async () => (await listed()).signedPdfStatus, { timeout: 30_000 }).toBe('ready');
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
      await expect
        .poll(async () => (await api.get(`/api/estimates/${copy.body.id}/proposals`)).body.proposals[0].signedPdfStatus, {
          timeout: 30_000,
        })
        .toBe('failed');
    } finally {
      signedGate = async () => undefined;
    }
    const [proposal] = (await api.get(`/api/estimates/${copy.body.id}/proposals`)).body.proposals;
    expect(proposal).toMatchObject({ status: 'accepted', signedPdfStatus: 'failed', deliveryError: signedPdfFailed(DOCUMENT_TOO_LARGE) });
    expect((await api.get(`/api/estimates/${copy.body.id}`)).body.status).toBe(ESTIMATE_STATUS.contractSigned);
  });
});
