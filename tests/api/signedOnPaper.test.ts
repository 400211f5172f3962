/**
 * Issue 40: a client who signs the printed proposal. Mark Signed does what the online signature
 * does — the revision frozen, the estimate Contract Signed with the signed areas, its open
 * proposal accepted — and makes the agreement; the signed scan is attached and read back.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATE_STATUS } from '../../src/domain/estimates';
import { createTestApi, TEST_XSRF, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { moveClock, saveCostedCompany, SEASON_AREAS } from '../helpers/agreementFixtures';
import { createEstimate, type CreatedEstimate } from '../helpers/printFixtures';
import { sendBody } from '../helpers/proposalFixtures';
import { getBinary } from '../helpers/pdfText';

const JPEG = readFileSync(new URL('../fixtures/logo.jpg', import.meta.url));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(databaseKinds())('signed on paper, on %s', (kind) => {
  let api: TestApi;
  let estimate: CreatedEstimate;

  async function putScan(agreementID: number, body: Buffer | string, contentType = 'application/octet-stream') {
    const headers = {
      cookie: `XSRF-TOKEN=${TEST_XSRF}`,
      'x-xsrf-token': TEST_XSRF,
      'content-type': contentType,
      authorization: `Bearer ${api.token}`,
    };
    const res = await api.app.inject({ method: 'PUT', url: `/api/agreements/${agreementID}/scan`, payload: body, headers });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
  }

  beforeAll(async () => {
    api = await createTestApi(kind);
    await moveClock(api, Date.parse('2027-02-10T15:00:00Z'));
    await saveCostedCompany(api);
    estimate = await createEstimate(api, { projectName: 'Paper contract', areas: SEASON_AREAS });
    const sent = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    expect(sent.status, sent.raw).toBe(201);
  });
  afterAll(() => api?.close());

  it('refuses what a paper signature cannot be, naming the field, and changes nothing', async () => {
    for (const [body, field] of [
      [{ signedOn: '2027-02-10' }, 'signerName'],
      [{ signerName: 'Pat', signedOn: '2027-02-11' }, 'signedOn'],
      [{ signerName: 'Pat', signedOn: 'yesterday' }, 'signedOn'],
      [{ signerName: 'Pat\u0000', signedOn: '2027-02-10' }, 'signerName'],
      [{ signerName: 'Pat', signedOn: '2027-02-10', acceptedWorkAreaIDs: [999999] }, 'acceptedWorkAreaIDs'],
      [{ signerName: 'Pat', signedOn: '2027-02-10', acceptedWorkAreaIDs: [] }, 'acceptedWorkAreaIDs'],
      [{ signerName: 'Pat', signedOn: '2027-02-10', acceptedWorkAreaIDs: 'all' }, 'acceptedWorkAreaIDs'],
    ] as const) {
      const res = await api.post(`/api/estimates/${estimate.id}/markSigned`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect((await api.get(`/api/estimates/${estimate.id}/agreements`)).body.count).toBe(0);
    expect((await api.get(`/api/estimates/${estimate.id}`)).body.status).not.toBe(ESTIMATE_STATUS.contractSigned);
    expect((await api.post('/api/estimates/999999/markSigned', { signerName: 'Pat', signedOn: '2027-02-10' })).status).toBe(404);
  });

  it('marks the estimate signed with the areas signed for, accepts its proposal and makes the agreement', async () => {
    const accepted = estimate.areaIDs.slice(0, 2);
    const res = await api.post(`/api/estimates/${estimate.id}/markSigned`, {
      signerName: 'Pat Paper',
      signedOn: '2027-02-09',
      acceptedWorkAreaIDs: accepted,
    });
    expect(res.status, res.raw).toBe(201);
    const agreement = (await api.get(`/api/agreements/${res.body.id}`)).body;
    expect(agreement).toMatchObject({
      estimateID: estimate.id,
      revision: 1,
      signedOn: '2027-02-09',
      startDate: '2027-04-01',
      contractValue: 1950,
    });
    expect(agreement.lines.map((line: { name: string }) => line.name)).toEqual(['Mowing', 'Spring Cleanup']);
    expect((await api.get(`/api/estimates/${estimate.id}`)).body.status).toBe(ESTIMATE_STATUS.contractSigned);
    const [proposal] = (await api.get(`/api/estimates/${estimate.id}/proposals`)).body.proposals;
    expect(proposal).toMatchObject({ status: 'accepted', signerName: 'Pat Paper' });
    const again = await api.post(`/api/estimates/${estimate.id}/markSigned`, { signerName: 'Pat Paper', signedOn: '2027-02-09' });
    expect(again.status).toBe(409);
  });

  it('attaches the signed scan (PDF or photo, by its bytes), replaces it, and serves it back', async () => {
    const [{ id }] = (await api.get(`/api/estimates/${estimate.id}/agreements`)).body.agreements;
    expect((await getBinary(api, `/api/agreements/${id}/scan`)).status).toBe(404);
    for (const refused of [Buffer.from('MZ executable'), Buffer.from('<svg onload=alert(1)>'), Buffer.alloc(0)]) {
      const res = await putScan(id, refused, 'application/pdf');
      expect(res.status).toBe(400);
      expect(res.body.errors.scan).toBe('The signed scan must be a PDF, JPEG or PNG file.');
    }
    expect((await putScan(id, JPEG, 'text/plain')).status).toBe(200);
    const photo = await getBinary(api, `/api/agreements/${id}/scan`);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.bytes.equals(JPEG)).toBe(true);
    const pdf = await putScan(id, PDF);
    expect(pdf).toMatchObject({ status: 200, body: { contentType: 'application/pdf', bytes: PDF.length } });
    const served = await getBinary(api, `/api/agreements/${id}/scan`);
    expect(served.bytes.equals(PDF)).toBe(true);
    expect(String(served.headers['content-disposition'])).toContain('signed.pdf');
    expect((await putScan(999999, PDF)).status).toBe(404);
  });
});
