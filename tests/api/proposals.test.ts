import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { acceptedPricing } from '../../src/domain/proposals';
import { estimatePricing } from '../../src/domain/pricing';
import { proposals } from '../../server/db/tables/proposals';
import { mailOutbox } from '../../server/db/tables/mail';
import { inDays } from '../helpers/proposalFixtures';
import { createEstimate, createTerm, saveCompany, FIXTURE_COMPANY, type CreatedEstimate, type FixtureArea } from '../helpers/printFixtures';
import { getBinary, pdfText } from '../helpers/pdfText';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink';
import { sendBody, signaturePng, signaturePngOfLength } from '../helpers/proposalFixtures';
import { MAX_SIGNATURE_BYTES } from '../../src/domain/proposals';

const AREAS: FixtureArea[] = [
  {
    name: 'Front Beds',
    tax: 'NJ',
    notes: '<p>Edge and mulch the <strong>front beds</strong>.</p>',
    items: [{ name: 'Mulch', quantity: 10, unitPrice: 65 }],
  },
  { name: 'Back Lawn', tax: 'PA', items: [{ name: 'Mowing', quantity: 20, unitPrice: 55.5 }] },
  { name: 'Side Hedges', tax: 'NJ', items: [{ name: 'Trimming', quantity: 3, unitPrice: 120 }] },
  { name: 'Left Out', tax: 'NJ', isIncluded: false, items: [{ name: 'Stumps', quantity: 1, unitPrice: 400 }] },
];
const DISCOUNT = 10;
const FROM = 'proposals@greenfield.example';
const PUBLIC_URL = 'https://yard.example';
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const tokenOf = (link: string) => link.split('/p/')[1];

describe.each(databaseKinds())('send and sign on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let estimate: CreatedEstimate;
  let termID: number;

  const proposalRow = async (id: number) => (await api.database.db.select().from(proposals).where(eq(proposals.id, id)))[0];
  const listOf = async (estimateID = estimate.id) => {
    const res = await api.get(`/api/estimates/${estimateID}/proposals`);
    expect(res.status, res.raw).toBe(200);
    return res.body.proposals as any[];
  };
  const send = async (extra: Record<string, unknown> = {}, estimateID = estimate.id) => {
    const res = await api.post(`/api/estimates/${estimateID}/proposals`, sendBody(api, extra));
    expect(res.status, res.raw).toBe(201);
    return res.body as { id: number; link: string; mailConfigured: boolean };
  };
  const publicPost = (token: string, action: string, body: unknown) =>
    api.request('POST', `/api/public/proposals/${token}/${action}`, body, null);
  const publicGet = (token: string) => api.request('GET', `/api/public/proposals/${token}`, undefined, null);

  beforeAll(async () => {
    sink = await startSmtpSink();
    api = await createTestApi(kind, { mail: { smtpUrl: sink.url, mailFrom: FROM, publicUrl: PUBLIC_URL, timeoutMs: 3000 } });
    await saveCompany(api);
    termID = await createTerm(api, { name: 'Payment Terms', content: '<p>Net 30 days.</p>' });
  });
  afterAll(async () => {
    await api?.close();
    await sink?.close();
  });
  beforeEach(async () => {
    estimate = await createEstimate(api, { projectName: 'Spring Refresh', discount: DISCOUNT, areas: AREAS });
    // What earlier tests left queued goes out before this one looks at the sink.
    await api.app.mailer.deliverPending();
    sink.messages.length = 0;
    sink.envelopes.length = 0;
  });

  it('sends: the mail reaches the recipients with the frozen PDF attached and the link; the estimate moves to Client Proposal Phase', async () => {
    const sent = await send({ tcIDs: [termID] });
    expect(sent.mailConfigured).toBe(true);
    expect(sent.link).toMatch(/^https:\/\/yard\.example\/p\/[A-Za-z0-9_-]{43}$/);
    expect((await api.get(`/api/estimates/${estimate.id}`)).body.status).toBe(1);
    // The token is not stored, only its hash (and sealed).
    const row = await proposalRow(sent.id);
    expect(JSON.stringify({ ...row, pdf: null, snapshot: null })).not.toContain(tokenOf(sent.link));
    expect(row.tokenHash).toBe(createHash('sha256').update(tokenOf(sent.link)).digest('hex'));

    expect(await api.app.mailer.deliverPending()).toBe(1);
    const [mail] = await sink.waitFor(1);
    expect(sink.envelopes[0].sort()).toEqual(['board@maple.example', 'client@maple.example']);
    expect(mail.subject).toBe('Your proposal');
    expect(mail.from?.text).toContain(FROM);
    expect(mail.text).toContain('Please find our proposal.');
    expect(mail.text).toContain(sent.link);
    expect(mail.html).toContain(`href="${sent.link}"`);
    const pdf = await getBinary(api, `/api/proposals/${sent.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(Buffer.compare(mail.attachments[0].content, pdf.bytes)).toBe(0);

    const [listed] = await listOf();
    expect(listed).toMatchObject({
      id: sent.id,
      status: 'sent',
      to: ['client@maple.example'],
      cc: ['board@maple.example'],
      printType: 'WORK_AREA_PRICE_ONLY',
      deliveryStatus: 'sent',
      deliveryError: null,
      viewCount: 0,
      link: sent.link,
      pdfSha256: sha(pdf.bytes),
      signedPdfSha256: null,
      sentBy: { name: 'Terry Tester' },
    });
    const { text } = await pdfText(pdf.bytes);
    expect(text).toContain('Front Beds');
    expect(text).toContain('Payment Terms');
    expect(text).not.toContain('Left Out');
  });

  it('freezes what was sent: editing the estimate afterwards changes neither the PDF nor the client page', async () => {
    const sent = await send();
    const before = await getBinary(api, `/api/proposals/${sent.id}/pdf`);
    const area = (await api.get(`/api/workAreas/${estimate.areaIDs[0]}`)).body;
    expect((await api.put(`/api/workAreas/${area.id}`, { ...area, name: 'Renamed Beds' })).status).toBe(200);
    const stored = (await api.get(`/api/estimates/${estimate.id}`)).body;
    expect((await api.put(`/api/estimates/${estimate.id}`, { ...stored, projectName: 'Changed Project', discount: 50 })).status).toBe(200);
    const after = await getBinary(api, `/api/proposals/${sent.id}/pdf`);
    expect(Buffer.compare(before.bytes, after.bytes)).toBe(0);
    const [listed] = await listOf();
    expect(listed.pdfSha256).toBe(sha(after.bytes));
    const view = (await publicGet(tokenOf(sent.link))).body;
    expect(view.estimate.projectName).toBe('Spring Refresh');
    expect(view.areas.map((a: any) => a.name)).toEqual(['Front Beds', 'Back Lawn', 'Side Hedges']);
    expect(view.pricing.discount).toBe(DISCOUNT);
  });

  it("the client page: the proposal as sent, views counted (not the office's), no internal ids but the areas'", async () => {
    const sent = await send({ tcIDs: [termID] });
    const token = tokenOf(sent.link);
    const first = await publicGet(token);
    expect(first.status, first.raw).toBe(200);
    const view = first.body;
    expect(view).toMatchObject({
      status: 'viewed',
      superseded: false,
      printType: 'WORK_AREA_PRICE_ONLY',
      approval: true,
      company: { name: FIXTURE_COMPANY.name },
      customer: { name: 'Maple Ridge Homeowners Association' },
      site: { name: 'Maple Ridge Clubhouse' },
      salesperson: { name: 'Terry Tester' },
      estimate: { number: estimate.number, projectName: 'Spring Refresh' },
      terms: [{ name: 'Payment Terms', content: '<p>Net 30 days.</p>' }],
      pdfUrl: `/api/public/proposals/${token}/pdf`,
      response: null,
    });
    expect(view.areas.map((a: any) => a.id)).toEqual(estimate.areaIDs.slice(0, 3));
    expect(view.areas[0].subtotal).toBe(650);
    expect(view.pricing).toEqual(
      estimatePricing(
        view.areas.map((a: any) => ({ ...a, isIncluded: true })),
        DISCOUNT,
      ),
    );
    expect(JSON.stringify(view)).not.toMatch(/"(customerID|siteID|estimateID|tokenHash)"/);
    await publicGet(token);
    await listOf();
    await getBinary(api, `/api/proposals/${sent.id}/pdf`);
    const [listed] = await listOf();
    expect(listed.status).toBe('viewed');
    expect(listed.viewCount).toBe(2);
    expect(listed.viewedAt).not.toBeNull();
    const pdf = await getBinary(api, view.pdfUrl, null);
    expect(pdf.status).toBe(200);
    expect(sha(pdf.bytes)).toBe(listed.pdfSha256);
  });

  it('wrong, withdrawn and expired tokens: 404 naming the company, superseded and expired pages, answers refused', async () => {
    expect((await publicGet('x'.repeat(500))).status).toBe(400);
    for (const wrong of ['nope', 'A'.repeat(43), '%00', `${'A'.repeat(42)}=`]) {
      const res = await publicGet(encodeURIComponent(wrong));
      expect(res.status, wrong).toBe(404);
      expect(res.body.message).toContain(FIXTURE_COMPANY.name);
      expect(res.body.message).toContain(FIXTURE_COMPANY.phone);
      expect(res.raw).not.toContain('Spring Refresh');
    }
    expect((await getBinary(api, `/api/public/proposals/${'B'.repeat(43)}/pdf`, null)).status).toBe(404);

    const older = await send();
    const newer = await send();
    const superseded = (await publicGet(tokenOf(older.link))).body;
    expect(superseded).toMatchObject({ status: 'withdrawn', superseded: true });
    const refused = await publicPost(tokenOf(older.link), 'accept', {
      acceptedWorkAreaIDs: estimate.areaIDs.slice(0, 1),
      signerName: 'Pat Client',
      signature: { typed: 'Pat Client' },
    });
    // Issue 23: replaced by a newer proposal is a conflict with the estimate as it now is.
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/newer proposal/);

    // Withdrawn by the office.
    expect((await api.post(`/api/proposals/${newer.id}/withdraw`)).status).toBe(200);
    expect((await api.post(`/api/proposals/${newer.id}/withdraw`)).status).toBe(409);
    expect((await publicGet(tokenOf(newer.link))).body).toMatchObject({ status: 'withdrawn', superseded: false });
    expect((await publicPost(tokenOf(newer.link), 'decline', {})).status).toBe(410);

    // Expired: past its last day.
    const short = await send({ validUntil: inDays(api, 0) });
    const saved = api.clock.now;
    try {
      api.clock.now += 2 * 86_400_000;
      await api.login();
      const expired = (await publicGet(tokenOf(short.link))).body;
      expect(expired.status).toBe('expired');
      const late = await publicPost(tokenOf(short.link), 'accept', {
        acceptedWorkAreaIDs: expired.areas.map((area: { id: number }) => area.id),
        signerName: 'Pat Client',
        signature: { typed: 'Pat Client' },
      });
      expect(late.status, late.raw).toBe(410);
      expect((await proposalRow(short.id)).status).toBe('sent');
      // Issue 39: the expired page still asks the office for a new one.
      expect((await publicPost(tokenOf(short.link), 'requestChanges', { message: 'Can we talk?' })).status).toBe(200);
      expect((await proposalRow(short.id)).status).toBe('changesRequested');
    } finally {
      api.clock.now = saved;
    }
  });

  it('accepting a subset: signed, the estimate Contract Signed with exactly those areas, totals as accepted, signed PDF mailed; a second accept 409', async () => {
    const sent = await send();
    await api.app.mailer.deliverPending();
    const pdf0 = await getBinary(api, `/api/proposals/${sent.id}/pdf`);
    const token = tokenOf(sent.link);
    const chosen = [estimate.areaIDs[0], estimate.areaIDs[2]];
    const res = await publicPost(token, 'accept', { acceptedWorkAreaIDs: chosen, signerName: 'Pat Client', signature: signaturePng() });
    expect(res.status, res.raw).toBe(200);

    const stored = (await api.get(`/api/estimates/${estimate.id}`)).body;
    expect(stored.status).toBe(2);
    const areas = (await api.get(`/api/estimates/${estimate.id}/workAreas`)).body.workAreas as any[];
    const included = Object.fromEntries(areas.map((a) => [a.id, a.isIncluded]));
    expect(included).toEqual({
      [estimate.areaIDs[0]]: true,
      [estimate.areaIDs[1]]: false,
      [estimate.areaIDs[2]]: true,
      [estimate.areaIDs[3]]: false,
    });
    const view = (await publicGet(token)).body;
    const expected = acceptedPricing(view.areas, chosen, DISCOUNT);
    expect(stored.subtotal).toBe(expected.subtotal);
    expect(estimatePricing(areas, stored.discount)).toEqual(expected);
    expect(view.status).toBe('accepted');
    expect(view.response).toMatchObject({ kind: 'accepted', signerName: 'Pat Client', acceptedWorkAreaIDs: chosen });

    const [listed] = await listOf();
    expect(listed).toMatchObject({ status: 'accepted', signerName: 'Pat Client', acceptedWorkAreaIDs: chosen });
    const signed = await getBinary(api, `/api/proposals/${sent.id}/signedPdf`);
    expect(signed.status).toBe(200);
    expect(sha(signed.bytes)).toBe(listed.signedPdfSha256);
    const { text } = await pdfText(signed.bytes);
    // The drawn signature is in it (the company has no logo: the only image).
    expect(signed.bytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect(pdf0.bytes.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    expect(text).toContain('Pat Client');
    expect(text).toMatch(/Front Beds\s+\$650\.00\s+Accepted/);
    expect(text).toMatch(/Back Lawn\s+\$1,110\.00\s+Not accepted/);
    expect(text).toContain(`Proposal ${sent.id} · SHA-256 of sent PDF ${listed.pdfSha256}`);
    expect(text).toContain(`Total accepted $${expected.total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    const row = await proposalRow(sent.id);
    expect(row.signature).toMatch(/^data:image\/png;base64,/);
    expect(row.clientIp).toBeTruthy();

    const again = await publicPost(token, 'accept', { acceptedWorkAreaIDs: chosen, signerName: 'Pat Client', signature: { typed: 'Pat' } });
    expect(again.status).toBe(409);

    expect(await api.app.mailer.deliverPending()).toBe(2);
    const messages = await sink.waitFor(3);
    const toClient = messages.find((m) => m.subject?.startsWith('Signed proposal'))!;
    expect(sink.envelopes[messages.indexOf(toClient)].sort()).toEqual(['board@maple.example', 'client@maple.example']);
    expect(Buffer.compare(toClient.attachments[0].content, signed.bytes)).toBe(0);
    const notice = messages.find((m) => m.subject?.includes('accepted'))!;
    expect(sink.envelopes[messages.indexOf(notice)]).toEqual([FIXTURE_COMPANY.email]);
  });

  it('a typed signature, HTML in the name kept as text and escaped in mail', async () => {
    const sent = await send({ printType: 'TOTAL_PRICE_ONLY' });
    const name = '<b>Pat</b> & "Co"';
    const partial = await publicPost(tokenOf(sent.link), 'accept', {
      acceptedWorkAreaIDs: [estimate.areaIDs[0]],
      signerName: name,
      signature: { typed: name },
    });
    expect(partial.status).toBe(400);
    expect(partial.body.errors.acceptedWorkAreaIDs).toMatch(/as a whole/);
    const res = await publicPost(tokenOf(sent.link), 'accept', {
      acceptedWorkAreaIDs: estimate.areaIDs.slice(0, 3),
      signerName: name,
      signature: { typed: name },
    });
    expect(res.status, res.raw).toBe(200);
    expect((await proposalRow(sent.id)).signerName).toBe(name);
    await api.app.mailer.deliverPending();
    const messages = await sink.waitFor(3);
    for (const message of messages) expect(String(message.html)).not.toContain('<b>Pat</b>');
    expect(String(messages.find((m) => m.subject?.startsWith('Signed'))!.html)).toContain('&lt;b&gt;Pat&lt;/b&gt;');
  });

  it('decline: the estimate is lost only when no other proposal is open; request changes keeps the message', async () => {
    const sent = await send();
    const res = await publicPost(tokenOf(sent.link), 'decline', { reason: 'Too expensive' });
    expect(res.status, res.raw).toBe(200);
    expect((await api.get(`/api/estimates/${estimate.id}`)).body.status).toBe(3);
    expect((await listOf())[0]).toMatchObject({ status: 'declined', responseMessage: 'Too expensive' });
    expect((await publicPost(tokenOf(sent.link), 'decline', {})).status).toBe(409);

    const other = await createEstimate(api, { projectName: 'Fall Cleanup', areas: AREAS.slice(0, 1) });
    const asked = await send({}, other.id);
    const changes = await publicPost(tokenOf(asked.link), 'requestChanges', { message: 'Please add the side yard.' });
    expect(changes.status, changes.raw).toBe(200);
    const [listed] = await listOf(other.id);
    expect(listed).toMatchObject({ status: 'changesRequested', responseMessage: 'Please add the side yard.' });
    expect(listed.respondedAt).not.toBeNull();
    expect((await api.get(`/api/estimates/${other.id}`)).body.status).toBe(1);
    expect((await publicPost(tokenOf(asked.link), 'requestChanges', { message: 'Again' })).status).toBe(409);
  });

  it('the signature size limit at its boundary: exactly the limit is accepted, one byte more refused', async () => {
    const good = { acceptedWorkAreaIDs: [estimate.areaIDs[0]], signerName: 'Pat' };
    const tooLarge = await publicPost(tokenOf((await send()).link), 'accept', {
      ...good,
      signature: signaturePngOfLength(MAX_SIGNATURE_BYTES + 1),
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors.signature).toBe(`The signature image is too large (at most ${MAX_SIGNATURE_BYTES / 1024} KB).`);
    const atLimit = await publicPost(tokenOf((await send()).link), 'accept', {
      ...good,
      signature: signaturePngOfLength(MAX_SIGNATURE_BYTES),
    });
    expect(atLimit.status, atLimit.raw).toBe(200);
  });

  it('hostile answers on the public routes: 400 (never 5xx) and nothing written', async () => {
    const sent = await send();
    const token = tokenOf(sent.link);
    const good = { acceptedWorkAreaIDs: [estimate.areaIDs[0]], signerName: 'Pat', signature: signaturePng() };
    const png = Buffer.from(signaturePng().split(',')[1], 'base64');
    const bad: [string, unknown, string][] = [
      ['not an object', [1, 2], 'message'],
      ['no areas', { ...good, acceptedWorkAreaIDs: [] }, 'acceptedWorkAreaIDs'],
      ["another estimate's area", { ...good, acceptedWorkAreaIDs: [estimate.areaIDs[3]] }, 'acceptedWorkAreaIDs'],
      ['area repeated', { ...good, acceptedWorkAreaIDs: [estimate.areaIDs[0], estimate.areaIDs[0]] }, 'acceptedWorkAreaIDs'],
      ['ids as strings', { ...good, acceptedWorkAreaIDs: [String(estimate.areaIDs[0])] }, 'acceptedWorkAreaIDs'],
      ['huge id', { ...good, acceptedWorkAreaIDs: [2 ** 53] }, 'acceptedWorkAreaIDs'],
      ['ids not a list', { ...good, acceptedWorkAreaIDs: { 0: 1 } }, 'acceptedWorkAreaIDs'],
      ['no name', { ...good, signerName: '   ' }, 'signerName'],
      ['name too long', { ...good, signerName: 'x'.repeat(101) }, 'signerName'],
      ['NUL in name', { ...good, signerName: 'Pat\u0000' }, 'signerName'],
      ['name a number', { ...good, signerName: 42 }, 'signerName'],
      ['name a zero-width space alone', { ...good, signerName: '\u200b' }, 'signerName'],
      ['name of format characters and digits', { ...good, signerName: '\u200d\ufeff 42 \u2060' }, 'signerName'],
      ['name with a right-to-left override', { ...good, signerName: 'Pat \u202eyrrab' }, 'signerName'],
      ['name with a bidi isolate', { ...good, signerName: '\u2067Pat\u2069' }, 'signerName'],
      ['typed signature a zero-width space', { ...good, signature: { typed: '\u200b\u200b' } }, 'signature'],
      ['no signature', { ...good, signature: null }, 'signature'],
      ['huge signature', { ...good, signature: `data:image/png;base64,${'A'.repeat(300 * 1024)}` }, 'signature'],
      ['jpeg data URL', { ...good, signature: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' }, 'signature'],
      ['svg data URL', { ...good, signature: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' }, 'signature'],
      ['not PNG bytes', { ...good, signature: `data:image/png;base64,${Buffer.from('GIF89a hello').toString('base64')}` }, 'signature'],
      [
        'PNG header, broken body',
        { ...good, signature: `data:image/png;base64,${Buffer.concat([png.subarray(0, 40), Buffer.alloc(60, 7)]).toString('base64')}` },
        'signature',
      ],
      ['typed signature with extras', { ...good, signature: { typed: 'Pat', html: '<script>' } }, 'signature'],
      ['typed signature empty', { ...good, signature: { typed: '' } }, 'signature'],
    ];
    for (const [what, body, field] of bad) {
      const res = await publicPost(token, 'accept', body);
      expect(res.status, `${what}: ${res.raw.slice(0, 200)}`).toBe(400);
      if (field !== 'message') expect(res.body.errors?.[field], what).toBeTruthy();
    }
    expect((await publicPost(token, 'accept', { ...good, signerName: '\u200b' })).body.errors.signerName).toBe(
      'Your name must contain at least one letter.',
    );
    expect((await publicPost(token, 'accept', { ...good, signerName: 'Pat \u202eyrrab' })).body.errors.signerName).toBe(
      'Your name contains characters that are not allowed.',
    );
    for (const body of [{ reason: 'x'.repeat(5001) }, { reason: 'a\u0000b' }, { reason: 12 }, []]) {
      const res = await publicPost(token, 'decline', body);
      expect(res.status, JSON.stringify(body)?.slice(0, 40)).toBe(400);
    }
    // A body that is not JSON at all: refused for its type.
    expect((await publicPost(token, 'decline', 'text')).status).toBe(415);
    for (const body of [{}, { message: '  ' }, { message: ['x'] }, { message: 'a\u0000' }]) {
      expect((await publicPost(token, 'requestChanges', body)).status).toBe(400);
    }
    const raw = await api.app.inject({
      method: 'POST',
      url: `/api/public/proposals/${token}/accept`,
      headers: { cookie: 'XSRF-TOKEN=test-xsrf-token-value', 'x-xsrf-token': 'test-xsrf-token-value', 'content-type': 'application/json' },
      payload: '{"acceptedWorkAreaIDs": [',
    });
    expect(raw.statusCode).toBe(400);
    // Without the anti-forgery pair a write is refused.
    const forged = await api.app.inject({ method: 'POST', url: `/api/public/proposals/${token}/decline`, payload: {} });
    expect(forged.statusCode).toBe(403);

    const row = await proposalRow(sent.id);
    expect(row.status).toBe('sent');
    expect(row.signerName).toBeNull();
    expect(row.responseMessage).toBeNull();
    expect((await api.get(`/api/estimates/${estimate.id}`)).body.status).toBe(1);
  });

  it('hostile sends from the office: 400 naming the field, nothing written', async () => {
    const before = (await listOf()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ printType: 'MATERIALS' }, 'printType'],
      [{ printType: null }, 'printType'],
      [{ approval: 'yes' }, 'approval'],
      [{ tcIDs: [999_999] }, 'tcIDs'],
      [{ tcIDs: ['1'] }, 'tcIDs'],
      [{ tcIDs: [termID, termID] }, 'tcIDs'],
      [{ to: [] }, 'to'],
      [{ to: 'client@maple.example' }, 'to'],
      [{ to: ['not an address'] }, 'to'],
      [{ to: ['a@b.example\r\nBcc: evil@x.example'] }, 'to'],
      [{ to: Array.from({ length: 21 }, (_, i) => `c${i}@maple.example`), cc: [] }, 'to'],
      [{ cc: ['bad@'] }, 'cc'],
      [{ subject: '' }, 'subject'],
      [{ subject: 'x'.repeat(201) }, 'subject'],
      [{ subject: 'Hi\r\nBcc: evil@x.example' }, 'subject'],
      [{ message: 'x'.repeat(10_001) }, 'message'],
      [{ message: 'nul \u0000' }, 'message'],
      [{ validUntil: inDays(api, -1) }, 'validUntil'],
      [{ validUntil: inDays(api, 400) }, 'validUntil'],
      [{ validUntil: '2026-02-30' }, 'validUntil'],
      [{ validUntil: 20260101 }, 'validUntil'],
    ];
    for (const [extra, field] of cases) {
      const res = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api, extra));
      expect(res.status, `${JSON.stringify(extra).slice(0, 80)}: ${res.raw}`).toBe(400);
      expect(res.body.message).toBe('Form is invalid.');
      expect(res.body.errors[field], JSON.stringify(extra).slice(0, 80)).toBeTruthy();
    }
    expect((await api.post('/api/estimates/999999/proposals', sendBody(api))).status).toBe(404);
    expect((await api.post('/api/estimates/abc/proposals', sendBody(api))).status).toBe(400);
    expect((await api.post('/api/estimates/99999999999/proposals', sendBody(api))).status).toBe(400);
    for (const url of ['/api/proposals/0/pdf', '/api/proposals/x/signedPdf', '/api/proposals/99999999999/pdf']) {
      expect((await api.get(url)).status, url).toBe(400);
    }
    expect((await api.get('/api/proposals/999999/pdf')).status).toBe(404);
    expect((await api.post('/api/proposals/999999/withdraw')).status).toBe(404);
    expect((await api.post('/api/proposals/999999/resend')).status).toBe(404);
    expect(await listOf()).toHaveLength(before);
    expect((await api.get(`/api/estimates/${estimate.id}`)).body.status).toBe(0);
    // The office's routes need a sign-in.
    expect((await api.request('GET', `/api/estimates/${estimate.id}/proposals`, undefined, null)).status).toBe(401);
  });

  it('signedPdf is 404 until signed; awaiting lists open proposals oldest first with days and expiry', async () => {
    const sent = await send({ validUntil: inDays(api, 3) });
    expect((await api.get(`/api/proposals/${sent.id}/signedPdf`)).status).toBe(404);
    const res = await api.get('/api/proposals/awaiting');
    expect(res.status, res.raw).toBe(200);
    const mine = res.body.proposals.find((p: any) => p.id === sent.id);
    expect(mine).toMatchObject({
      estimateID: estimate.id,
      estimateNumber: estimate.number,
      customerName: 'Maple Ridge Homeowners Association',
      projectName: 'Spring Refresh',
      daysSinceSent: 0,
      opened: false,
      expiresSoon: true,
    });
    const sentTimes = res.body.proposals.map((p: any) => p.sentAt);
    expect([...sentTimes].sort()).toEqual(sentTimes);
    const statuses = await api.database.db.select({ id: proposals.id, status: proposals.status }).from(proposals);
    const open = new Set(statuses.filter((p) => p.status === 'sent' || p.status === 'viewed').map((p) => p.id));
    for (const p of res.body.proposals) expect(open.has(p.id)).toBe(true);
  });

  it("the estimate's delete question counts its sent proposals, which go with it", async () => {
    await send();
    const count = (await api.database.db.select({ id: proposals.id }).from(proposals).where(eq(proposals.estimateID, estimate.id))).length;
    const impact = await api.get(`/api/estimates/${estimate.id}/deleteImpact`);
    expect(impact.status, impact.raw).toBe(200);
    expect(impact.body.deletes).toContainEqual({ name: 'proposals', singular: 'sent proposal', plural: 'sent proposals', count });
  });

  it('an SMTP server that refuses: deliveryError recorded, the proposal kept, resend queues it again', async () => {
    sink.refuse.add('client@maple.example');
    try {
      const sent = await send({ cc: [] });
      await api.app.mailer.deliverPending();
      const [listed] = await listOf();
      expect(listed.id).toBe(sent.id);
      expect(listed.deliveryStatus).toBe('failed');
      expect(listed.deliveryError).toMatch(/550|unavailable/);
      expect(listed.status).toBe('sent');
      expect(sink.messages).toHaveLength(0);

      // One recipient refused, the other served: sent, and the refusal shown.
      const partial = await send();
      await api.app.mailer.deliverPending();
      await sink.waitFor(1);
      expect(sink.envelopes[0]).toEqual(['board@maple.example']);
      const [shown] = await listOf();
      expect(shown.id).toBe(partial.id);
      expect(shown.deliveryStatus).toBe('sent');
      expect(shown.deliveryError).toContain('client@maple.example');
      sink.messages.length = 0;
      sink.envelopes.length = 0;
      expect((await api.post(`/api/proposals/${partial.id}/withdraw`)).status).toBe(200);
      expect((await api.post(`/api/proposals/${partial.id}/resend`)).status).toBe(409);
    } finally {
      sink.refuse.clear();
    }
    const failedID = (await listOf())[1].id;
    expect((await api.database.db.select().from(proposals).where(eq(proposals.id, failedID)))[0].deliveryError).toMatch(/550/);
    // The first was superseded by the second; a fresh one fails and is sent again.
    sink.refuse.add('client@maple.example');
    const again = await send({ cc: [] });
    await api.app.mailer.deliverPending();
    sink.refuse.clear();
    expect((await listOf())[0]).toMatchObject({ id: again.id, deliveryStatus: 'failed' });
    const resend = await api.post(`/api/proposals/${again.id}/resend`);
    expect(resend.status, resend.raw).toBe(200);
    expect((await listOf())[0]).toMatchObject({ deliveryStatus: 'queued', deliveryError: null });
    await api.app.mailer.deliverPending();
    const [mail] = await sink.waitFor(1);
    expect(mail.text).toContain((await listOf())[0].link);
    expect((await listOf())[0]).toMatchObject({ deliveryStatus: 'sent', deliveryError: null });
    const rows = await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.proposalID, again.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'sent']);
  });
});
