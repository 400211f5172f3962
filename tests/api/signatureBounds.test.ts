import { cleanSignatureTask } from '../../server/proposals/signatureTask';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { proposals } from '../../server/db/tables/proposals';
import { SIGNATURE_UNREADABLE, signatureTooManyPixels } from '../../server/proposals/signature';
import { clientOwner, HEAVY_WORK_PER_USER, TOO_MUCH_HEAVY_WORK } from '../../server/work/heavyWork';
import { readHeader } from '../../server/company/pngHeader';
import { createEstimate, saveCompany, type CreatedEstimate } from '../helpers/printFixtures';
import { sendBody } from '../helpers/proposalFixtures';
import { asDataUrl, brokenHeaderPngs, canvasPng, pngDeclaring } from '../helpers/signaturePngs';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

/** The client's side of the acceptance with a drawn signature bounded before it is decoded (issue 36). */
describe.each(databaseKinds())('a drawn signature on the acceptance, on %s', (kind) => {
  let api: TestApi;
  let estimate: CreatedEstimate;

  beforeAll(async () => {
    api = await createTestApi(kind);
    await saveCompany(api);
    estimate = await createEstimate(api, { projectName: 'Signature Bounds', areas: [{ name: 'Front Beds', items: [] }] });
  });
  afterAll(() => api?.close());

  const send = async () => {
    const res = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    expect(res.status, res.raw).toBe(201);
    return { id: res.body.id as number, token: (res.body.link as string).split('/p/')[1] };
  };
  const accept = (token: string, signature: unknown) =>
    api.request(
      'POST',
      `/api/public/proposals/${token}/accept`,
      { acceptedWorkAreaIDs: estimate.areaIDs, signerName: 'Pat Client', signature },
      null,
    );
  const rowOf = async (id: number) => (await api.database.db.select().from(proposals).where(eq(proposals.id, id)))[0];
  const expectUnsigned = async (id: number) => {
    const row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(row.signature).toBeNull();
    expect(row.signedPdf).toBeNull();
  };

  it('accepts a phone-sized signature, decoded on the heavy-work thread under the client address’s share', async () => {
    const { id, token } = await send();
    const decoded = vi.spyOn(api.app.heavyWork, 'run');
    try {
      const res = await accept(token, asDataUrl(canvasPng(1290, 540)));
      expect(res.status, res.raw).toBe(200);
      expect(decoded).toHaveBeenCalledTimes(1);
      expect(decoded.mock.calls[0].slice(0, 2)).toEqual([clientOwner({ ip: '127.0.0.1' }), cleanSignatureTask]);
    } finally {
      decoded.mockRestore();
    }
    const row = await rowOf(id);
    expect(row.status).toBe('accepted');
    expect(readHeader(Buffer.from(row.signature!.split(',')[1], 'base64'))).toMatchObject({ width: 800, colorType: 2 });
  });

  it('refuses a blank 1999 × 1999 PNG from its header, without decoding it, and nothing changes', async () => {
    const { id, token } = await send();
    const estimateBefore = (await api.get(`/api/estimates/${estimate.id}`)).body;
    const decoded = vi.spyOn(api.app.heavyWork, 'run');
    try {
      for (const [width, height, png] of [
        [1999, 1999, canvasPng(1999, 1999, { blank: true })],
        [100_000, 100_000, pngDeclaring(100_000, 100_000)],
        [1601, 600, pngDeclaring(1601, 600)],
      ] as const) {
        const res = await accept(token, asDataUrl(png));
        expect(res.status, res.raw).toBe(400);
        expect(res.body.errors).toEqual({ signature: signatureTooManyPixels(width, height) });
      }
      for (const [what, png] of brokenHeaderPngs()) {
        const res = await accept(token, asDataUrl(png));
        expect(res.status, what).toBe(400);
        expect(res.body.errors, what).toEqual({ signature: SIGNATURE_UNREADABLE });
      }
      expect(decoded).not.toHaveBeenCalled();
    } finally {
      decoded.mockRestore();
    }
    await expectUnsigned(id);
    expect((await api.get(`/api/estimates/${estimate.id}`)).body).toEqual(estimateBefore);
  });

  it('refuses image data that does not decode to what the header declares: a 400 from the thread, nothing written', async () => {
    const { id, token } = await send();
    const res = await accept(token, asDataUrl(pngDeclaring(1600, 600)));
    expect(res.status, res.raw).toBe(400);
    expect(res.body).toMatchObject({ errors: { signature: SIGNATURE_UNREADABLE } });
    await expectUnsigned(id);
  });

  it('does not decode a signature sent with another mistake', async () => {
    const { token } = await send();
    const decoded = vi.spyOn(api.app.heavyWork, 'run');
    try {
      const res = await api.request(
        'POST',
        `/api/public/proposals/${token}/accept`,
        { acceptedWorkAreaIDs: [], signerName: 'Pat Client', signature: asDataUrl(canvasPng(1600, 600)) },
        null,
      );
      expect(res.status, res.raw).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['acceptedWorkAreaIDs']);
      expect(decoded).not.toHaveBeenCalled();
    } finally {
      decoded.mockRestore();
    }
  });

  it("answers 429 while the client address's share of the heavy work is taken, and signs once it is free", async () => {
    const { id, token } = await send();
    const spec = { format: 'csv' as const, columns: [{ source: 'name', label: 'Name' }], sheetName: 'X' };
    const held = await Promise.all(
      Array.from({ length: HEAVY_WORK_PER_USER }, () => api.app.heavyWork.exportEncoder(clientOwner({ ip: '127.0.0.1' }), spec)),
    );
    const signature = asDataUrl(canvasPng(600, 200));
    try {
      const refused = await accept(token, signature);
      expect(refused.status, refused.raw).toBe(429);
      expect(refused.body).toEqual({ message: TOO_MUCH_HEAVY_WORK });
      expect(refused.headers['retry-after']).toBe('2');
    } finally {
      for (const encoder of held) await encoder.abort();
    }
    await expectUnsigned(id);
    const res = await accept(token, signature);
    expect(res.status, res.raw).toBe(200);
  });

  it('refuses a signature for a proposal already answered (409) without decoding it', async () => {
    const { token } = await send();
    const signature = asDataUrl(canvasPng(600, 200));
    expect((await accept(token, signature)).status).toBe(200);
    const decoded = vi.spyOn(api.app.heavyWork, 'run');
    try {
      const again = await accept(token, signature);
      expect(again.status, again.raw).toBe(409);
      expect(decoded).not.toHaveBeenCalled();
    } finally {
      decoded.mockRestore();
    }
  });
});
