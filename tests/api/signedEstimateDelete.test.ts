import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEstimate, saveCompany, type CreatedEstimate } from '../helpers/printFixtures';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { sendBody, signaturePng } from '../helpers/proposalFixtures';

const AREAS = [{ name: 'Front Beds', tax: 'NJ' as const, items: [{ name: 'Mulch', quantity: 10, unitPrice: 65 }] }];

describe.each(databaseKinds())('a signed contract outlives any delete, on %s', (kind) => {
  let api: TestApi;
  let signed: CreatedEstimate;
  let sentOnly: CreatedEstimate;
  let plain: CreatedEstimate;
  let signedLink: string;

  const sendAndMaybeSign = async (estimate: CreatedEstimate, sign: boolean) => {
    const sent = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    expect(sent.status, sent.raw).toBe(201);
    if (sign) {
      const token = sent.body.link.split('/p/')[1];
      const body = { acceptedWorkAreaIDs: estimate.areaIDs, signerName: 'Pat Client', signature: signaturePng() };
      const accepted = await api.request('POST', `/api/public/proposals/${token}/accept`, body, null);
      expect(accepted.status, accepted.raw).toBe(200);
    }
    return sent.body.link as string;
  };

  beforeAll(async () => {
    api = await createTestApi(kind);
    await saveCompany(api);
    signed = await createEstimate(api, { projectName: 'Signed', areas: AREAS });
    sentOnly = await createEstimate(api, { projectName: 'Sent only', areas: AREAS });
    plain = await createEstimate(api, { projectName: 'Never sent', areas: AREAS });
    signedLink = await sendAndMaybeSign(signed, true);
    await sendAndMaybeSign(sentOnly, false);
  });
  afterAll(() => api?.close());

  it('refuses to delete an estimate with a signed proposal: 409 naming it, and the link and signed PDF stay', async () => {
    const impact = await api.get(`/api/estimates/${signed.id}/deleteImpact`);
    // Its signature made an agreement (issue 40), which keeps it too.
    expect(impact.body.blockedBy).toEqual([
      expect.objectContaining({ name: 'agreements', singular: 'agreement', count: 1 }),
      expect.objectContaining({ name: 'signedProposals', singular: 'signed proposal', count: 1, remedy: 'Archive it instead.' }),
    ]);
    const res = await api.del(`/api/estimates/${signed.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'This estimate cannot be deleted: it still has 1 agreement and 1 signed proposal. Archive it instead.',
    });
    expect((await api.get(`/api/estimates/${signed.id}`)).status).toBe(200);
    const token = signedLink.split('/p/')[1];
    const page = await api.request('GET', `/api/public/proposals/${token}`, undefined, null);
    expect(page.status).toBe(200);
    expect(page.body.status).toBe('accepted');
    const [proposal] = (await api.get(`/api/estimates/${signed.id}/proposals`)).body.proposals;
    expect((await api.request('GET', `/api/proposals/${proposal.id}/signedPdf`)).status).toBe(200);
  });

  it('archiving is the way: the signed estimate archives', async () => {
    const res = await api.post('/api/estimates/bulk', { action: 'archive', ids: [signed.id] });
    expect(res.body.done).toEqual([signed.id]);
    await api.post('/api/estimates/bulk', { action: 'unarchive', ids: [signed.id] });
  });

  it('bulk delete reports in done only the rows it removed, and keeps the signed one with its reason', async () => {
    const preview = await api.post('/api/estimates/bulk', { action: 'deleteImpact', ids: [signed.id, sentOnly.id, plain.id] });
    expect(preview.body.done).toEqual([sentOnly.id, plain.id]);
    expect(preview.body.kept).toEqual([{ id: signed.id, name: expect.any(String), reason: 'it has 1 agreement and 1 signed proposal' }]);
    const res = await api.post('/api/estimates/bulk', { action: 'delete', ids: [signed.id, sentOnly.id, plain.id] });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.done).toEqual([sentOnly.id, plain.id]);
    expect(res.body.kept.map((k: { id: number }) => k.id)).toEqual([signed.id]);
    expect((await api.get(`/api/estimates/${signed.id}`)).status).toBe(200);
    expect((await api.get(`/api/estimates/${sentOnly.id}`)).status).toBe(404);
    expect((await api.get(`/api/estimates/${plain.id}`)).status).toBe(404);
  });
});
