/**
 * Printed documents are jobs (issue 36): the request waits a while for its job and answers the
 * PDF as before; a longer one answers 202 with the job, which its owner follows and whose file
 * they then download (GET /api/jobs/:id/file). A document that cannot be made says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../server/errors';
import { DOCUMENT_TOO_LARGE, type HeavyWork } from '../../server/work/heavyWork';
import { count, eq } from 'drizzle-orm';
import { jobs } from '../../server/db/tables/jobs';
import { JOB_KINDS, jobMessages } from '../../src/domain/jobs';
import { getBinary, pdfText } from '../helpers/pdfText';
import { seedEstimate } from '../helpers/seedEstimate';
import { createTestApi, signedInStaff, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

describe.each(databaseKinds())('printed documents as jobs, on %s', (kind) => {
  let api: TestApi;
  let estimateID: number;
  let staffToken: string;
  /** While set, a materials list waits for the test to let it go. */
  let hold: Promise<void> | undefined;
  let letGo: () => void = () => undefined;
  let failWith: Error | undefined;

  beforeAll(async () => {
    // The request waits a tenth of a second: a held document answers 202.
    api = await createTestApi(kind, { documentWaitMs: 100 });
    ({ estimateID } = await seedEstimate(
      api.database.db,
      [{ name: 'Front Beds', items: [{ name: 'Hardwood mulch', quantity: 12, unitPrice: 65, units: 'yd³' }] }],
      0,
    ));
    ({ token: staffToken } = await signedInStaff(api));
    const heavyWork: HeavyWork = api.app.heavyWork;
    const render = heavyWork.materialsPdf.bind(heavyWork);
    heavyWork.materialsPdf = async (...args) => {
      await hold;
      if (failWith) throw failWith;
      return render(...args);
    };
    const encoder = heavyWork.exportEncoder.bind(heavyWork);
    heavyWork.exportEncoder = async (...args) => {
      await hold;
      return encoder(...args);
    };
  });
  afterAll(() => api?.close());

  const materialsUrl = () => `/api/estimates/${estimateID}/generateMaterialsPDF`;
  const jobOf = async (id: number) => (await api.get(`/api/jobs/${id}`)).body;

  it('a document that outlasts the wait answers 202 with its job; its owner follows it and downloads the file, nobody else can', async () => {
    hold = new Promise((resolve) => (letGo = resolve));
    const queued = await api.get(materialsUrl());
    expect(queued.status, queued.raw).toBe(202);
    const { jobID } = queued.body;
    expect(await jobOf(jobID)).toMatchObject({ id: jobID, kind: 'estimateDocument', status: 'running' });
    expect(await api.get(`/api/jobs/${jobID}/file`)).toMatchObject({ status: 404, body: { message: jobMessages.noFile } });
    hold = undefined;
    letGo();
    await expect.poll(async () => (await jobOf(jobID)).status, { timeout: 30_000 }).toBe('done');
    const file = await getBinary(api, `/api/jobs/${jobID}/file`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="Materials-\d+\.pdf"$/);
    expect((await pdfText(file.bytes)).text).toContain('Hardwood mulch');
    // Another user's job is none of staff's business: 404, as for a job that does not exist.
    expect((await getBinary(api, `/api/jobs/${jobID}/file`, staffToken)).status).toBe(404);
    expect((await getBinary(api, `/api/jobs/${jobID + 1000}/file`)).status).toBe(404);
    expect((await api.get('/api/jobs/abc/file')).status).toBe(400);
  });

  it('a document made within the wait is the PDF itself (200), as before', async () => {
    api.app.deps.documentWaitMs = 15_000;
    try {
      const res = await getBinary(api, materialsUrl());
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
    } finally {
      api.app.deps.documentWaitMs = 100;
    }
  });

  it('a document that cannot be made: 422 with why when it fails within the wait, the job failed saying why after it', async () => {
    failWith = new HttpError(422, DOCUMENT_TOO_LARGE);
    try {
      expect(await api.get(materialsUrl())).toMatchObject({ status: 422, body: { message: DOCUMENT_TOO_LARGE } });
      hold = new Promise((resolve) => (letGo = resolve));
      const queued = await api.get(materialsUrl());
      expect(queued.status).toBe(202);
      hold = undefined;
      letGo();
      await expect.poll(async () => (await jobOf(queued.body.jobID)).status, { timeout: 30_000 }).toBe('failed');
      expect(await jobOf(queued.body.jobID)).toMatchObject({ error: DOCUMENT_TOO_LARGE });
    } finally {
      failWith = undefined;
    }
  });

  it('a list export is a job too: 202 past the wait, then the CSV as an attachment; a bad parameter is 400 and queues nothing', async () => {
    const exports = async () => (await api.database.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, JOB_KINDS.listExport)))[0].n;
    const before = await exports();
    expect(await api.get('/api/customers/export?format=pdf')).toMatchObject({ status: 400, body: { message: /format must be one of/ } });
    expect((await api.get('/api/customers/export?sortBy=nope')).status).toBe(400);
    expect(await exports()).toBe(before);

    hold = new Promise((resolve) => (letGo = resolve));
    const queued = await api.get('/api/customers/export?format=csv');
    expect(queued.status, queued.raw).toBe(202);
    expect(await jobOf(queued.body.jobID)).toMatchObject({ kind: JOB_KINDS.listExport, status: 'running' });
    hold = undefined;
    letGo();
    await expect.poll(async () => (await jobOf(queued.body.jobID)).status, { timeout: 30_000 }).toBe('done');
    const file = await getBinary(api, `/api/jobs/${queued.body.jobID}/file`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(file.headers['cache-control']).toBe('no-store');
    const text = Buffer.from(file.bytes).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('\ufeffID,Name,Address 1,Address 2,City,State,Zip');
    expect(text).toContain('Maple Ridge Homeowners Association');
  });

  it('refuses before queueing what can be refused: an unknown estimate (404), unknown terms (400)', async () => {
    expect((await api.get('/api/estimates/999999/generateMaterialsPDF')).status).toBe(404);
    const terms = await api.get(`/api/estimates/${estimateID}/generateEstimateProposal?tcIDs=[999999]`);
    expect(terms.status).toBe(400);
    expect(terms.body.message).toMatch(/tcIDs names a term & condition that does not exist: 999999/);
  });
});
