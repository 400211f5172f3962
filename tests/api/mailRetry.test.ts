/**
 * Issue 35 defects 5 and 8: the company's letter, and mail that survives a hiccup. Every
 * message goes to a local SMTP server (smtp-server) that refuses, answers 421/451 or 550 on
 * demand; the back-off runs on the test clock (api.clock), never on the wall.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../server/db/tables/mail';
import { LOGO_CID, renderLetter } from '../../server/mail/templates/letterMail';
import { MAIL_RETRY_FOR_MS } from '../../src/domain/mailDelivery';
import { estimatePricing } from '../../src/domain/pricing';
import { formatMoney } from '../../src/domain/money';
import { longDate, mailWords } from '../../src/domain/proposalTemplates';
import { createEstimate, saveCompany, FIXTURE_COMPANY, type CreatedEstimate, type FixtureArea } from '../helpers/printFixtures';
import { createTestApi, TEST_XSRF, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink';
import { sendBody, signaturePng } from '../helpers/proposalFixtures';

const FROM = 'proposals@greenfield.example';
const PUBLIC_URL = 'https://yard.example';
const LOGO = readFileSync(new URL('../../server/db/seed/data/demo-logo.png', import.meta.url));
const AREAS: FixtureArea[] = [
  { name: 'Front Beds', tax: 'NJ', items: [{ name: 'Mulch', quantity: 10, unitPrice: 65 }] },
  { name: 'Back Lawn', tax: 'PA', items: [{ name: 'Mowing', quantity: 20, unitPrice: 55.5 }] },
];
const MINUTE = 60_000;
const tokenOf = (link: string) => link.split('/p/')[1];

describe.each(databaseKinds())('mail retries and the letter on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let estimate: CreatedEstimate;

  const outboxRow = async (id: number) => (await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  const mailOf = async (proposalID: number, mailKind = 'proposal') =>
    (await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.proposalID, proposalID))).filter((row) => row.kind === mailKind);
  const send = async (extra: Record<string, unknown> = {}) => {
    const res = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api, extra));
    expect(res.status, res.raw).toBe(201);
    return res.body as { id: number; link: string };
  };
  const setPort = async (port: number) => {
    const current = (await api.get('/api/company/mail')).body;
    const res = await api.put('/api/company/mail', {
      host: '127.0.0.1',
      port,
      security: 'none',
      fromAddress: FROM,
      version: current.version,
    });
    expect(res.status, res.raw).toBe(200);
  };
  const failedList = async (query = '') => {
    const res = await api.get(`/api/mail/failed${query}`);
    expect(res.status, res.raw).toBe(200);
    return res.body.mails as any[];
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    api = await createTestApi(kind, { mail: { publicUrl: PUBLIC_URL, timeoutMs: 2000 } });
    await saveCompany(api);
    const headers = {
      cookie: `XSRF-TOKEN=${TEST_XSRF}`,
      'x-xsrf-token': TEST_XSRF,
      authorization: `Bearer ${api.token}`,
      'content-type': 'image/png',
    };
    const logo = await api.app.inject({ method: 'PUT', url: '/api/company/logo', payload: LOGO, headers });
    expect(logo.statusCode, logo.body).toBe(200);
    await setPort(sink.port);
  });
  afterAll(async () => {
    await api?.close();
    await sink?.close();
  });
  beforeEach(async () => {
    estimate = await createEstimate(api, { projectName: 'Spring Refresh', discount: 10, areas: AREAS });
    await setPort(sink.port);
    await api.app.mailer.deliverPending();
    sink.messages.length = 0;
    sink.envelopes.length = 0;
    sink.refuse.clear();
    sink.replies.length = 0;
  });

  it('connection refused, then 421, then 451, then accepted: delivered after the back-off, on the test clock', async () => {
    await setPort(1);
    const sent = await send();
    const started = api.clock.now;
    try {
      expect(await api.app.mailer.deliverPending()).toBe(1);
      let [row] = await mailOf(sent.id);
      expect(row).toMatchObject({ status: 'queued', failures: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.nextAttemptAt!.getTime() - api.clock.now).toBe(MINUTE);
      // Not due yet: nothing is tried.
      expect(await api.app.mailer.deliverPending()).toBe(0);
      const [waiting] = (await api.get(`/api/estimates/${estimate.id}/proposals`)).body.proposals;
      expect(waiting).toMatchObject({
        deliveryStatus: 'queued',
        deliveryError: null,
        nextAttemptAt: new Date(api.clock.now + MINUTE).toISOString(),
      });
      expect(waiting.retryError).toMatch(/ECONNREFUSED|connect/i);

      await setPort(sink.port);
      sink.replies.push(421);
      api.clock.now += MINUTE;
      expect(await api.app.mailer.deliverPending()).toBe(1);
      [row] = await mailOf(sent.id);
      expect(row).toMatchObject({ status: 'queued', failures: 2 });
      expect(row.lastError).toMatch(/421/);

      sink.replies.push(451);
      api.clock.now += 2 * MINUTE;
      await api.app.mailer.deliverPending();
      [row] = await mailOf(sent.id);
      expect(row).toMatchObject({ status: 'queued', failures: 3 });
      expect(row.lastError).toMatch(/451/);
      expect(sink.messages).toHaveLength(0);

      api.clock.now += 4 * MINUTE;
      await api.app.mailer.deliverPending();
      [row] = await mailOf(sent.id);
      expect(row.status).toBe('sent');
      await sink.waitFor(1);
      expect(sink.envelopes[0].sort()).toEqual(['board@maple.example', 'client@maple.example']);
      const [listed] = (await api.get(`/api/estimates/${estimate.id}/proposals`)).body.proposals;
      expect(listed).toMatchObject({ deliveryStatus: 'sent', deliveryError: null, retryError: null, nextAttemptAt: null });
      expect(await failedList()).not.toContainEqual(expect.objectContaining({ proposalID: sent.id }));
    } finally {
      api.clock.now = started;
    }
  });

  it('passing failures are retried for six hours, then the mail fails and is listed', async () => {
    await setPort(1);
    const sent = await send();
    const started = api.clock.now;
    const tries: { at: number; status: string }[] = [];
    try {
      for (let i = 0; i < 40; i += 1) {
        await api.app.mailer.deliverPending();
        const [row] = await mailOf(sent.id);
        tries.push({ at: api.clock.now - started, status: row.status });
        if (row.status !== 'queued') break;
        api.clock.now = row.nextAttemptAt!.getTime();
      }
    } finally {
      api.clock.now = started;
    }
    const last = tries[tries.length - 1];
    expect(last.status).toBe('failed');
    expect(last.at).toBeGreaterThanOrEqual(MAIL_RETRY_FOR_MS);
    expect(tries.slice(0, -1).every((t) => t.status === 'queued' && t.at < MAIL_RETRY_FOR_MS)).toBe(true);
    expect(tries.length).toBeGreaterThan(6);
    const [listed] = (await failedList(`?estimateID=${estimate.id}`)).filter((mail) => mail.proposalID === sent.id);
    expect(listed).toMatchObject({ kind: 'proposal', estimateID: estimate.id, to: ['client@maple.example'] });
    expect(listed.error).toMatch(/ECONNREFUSED|connect/i);
    const [proposal] = (await api.get(`/api/estimates/${estimate.id}/proposals`)).body.proposals;
    expect(proposal.deliveryStatus).toBe('failed');
  });

  it('a 550 fails at once, is listed in Settings and on the estimate, and Send again delivers it', async () => {
    sink.refuse.add('gone@maple.example');
    const sent = await send({ to: ['gone@maple.example'], cc: [] });
    await api.app.mailer.deliverPending();
    const [row] = await mailOf(sent.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    const [everywhere] = (await failedList()).filter((mail) => mail.proposalID === sent.id);
    expect(everywhere).toMatchObject({ id: row.id, kind: 'proposal', estimateID: estimate.id, to: ['gone@maple.example'] });
    expect(everywhere.error).toMatch(/550|unavailable/);
    expect(everywhere.estimateLabel).toMatch(/^#\d+-R1$/);
    expect((await failedList(`?estimateID=${estimate.id}`)).map((mail) => mail.id)).toContain(row.id);
    expect((await failedList(`?estimateID=${estimate.id + 1000}`)).map((mail) => mail.id)).not.toContain(row.id);
    const [proposal] = (await api.get(`/api/estimates/${estimate.id}/proposals`)).body.proposals;
    expect(proposal.deliveryError).toMatch(/550|unavailable/);

    sink.refuse.clear();
    const resent = await api.post(`/api/mail/${row.id}/resend`);
    expect(resent.status, resent.raw).toBe(200);
    await api.app.mailer.deliverPending();
    await sink.waitFor(1);
    expect(sink.envelopes[0]).toEqual(['gone@maple.example']);
    expect(sink.messages[0].attachments.map((a) => a.filename)).toContain(`Proposal-${estimate.number}.pdf`);
    expect((await outboxRow(row.id)).status).toBe('sent');
    expect((await failedList()).map((mail) => mail.id)).not.toContain(row.id);
    expect((await api.get(`/api/estimates/${estimate.id}/proposals`)).body.proposals[0].deliveryError).toBeNull();

    // Bad requests name the field or the reason, never 5xx.
    expect((await api.post(`/api/mail/${row.id}/resend`)).status).toBe(409);
    expect((await api.post('/api/mail/999999/resend')).status).toBe(404);
    expect((await api.post('/api/mail/abc/resend')).status).toBe(400);
    const badQuery = await api.get('/api/mail/failed?estimateID=abc');
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.errors.estimateID).toBeTruthy();
  });

  it('the signed copy and the notice to the office: refused for good, listed, and sent again', async () => {
    const sent = await send();
    await api.app.mailer.deliverPending();
    sink.messages.length = 0;
    sink.envelopes.length = 0;
    sink.refuse.add('client@maple.example');
    sink.refuse.add('board@maple.example');
    sink.refuse.add(FIXTURE_COMPANY.email);
    const accepted = await api.request(
      'POST',
      `/api/public/proposals/${tokenOf(sent.link)}/accept`,
      { acceptedWorkAreaIDs: estimate.areaIDs, signerName: 'Pat <b>Client</b>', signature: signaturePng() },
      null,
    );
    expect(accepted.status, accepted.raw).toBe(200);
    await api.app.mailer.deliverPending();
    const failed = (await failedList(`?estimateID=${estimate.id}`)).filter((mail) => mail.proposalID === sent.id);
    expect(failed.map((mail) => mail.kind).sort()).toEqual(['notice', 'signed']);
    expect(sink.messages).toHaveLength(0);

    sink.refuse.clear();
    for (const mail of failed) expect((await api.post(`/api/mail/${mail.id}/resend`)).status).toBe(200);
    await api.app.mailer.deliverPending();
    await sink.waitFor(2);
    const signed = sink.messages.find((m) => m.subject?.startsWith('Signed proposal'))!;
    const notice = sink.messages.find((m) => m !== signed)!;
    expect(signed.attachments.map((a) => a.filename)).toContain(`Signed-Proposal-${estimate.number}.pdf`);
    expect(signed.html).toContain('Pat &lt;b&gt;Client&lt;/b&gt;');
    expect(signed.html).not.toContain('<b>Client');
    expect(notice.to && 'text' in notice.to ? notice.to.text : '').toContain(FIXTURE_COMPANY.email);
    expect(notice.attachments.map((a) => a.filename)).toContain(`Signed-Proposal-${estimate.number}.pdf`);
    expect(await failedList(`?estimateID=${estimate.id}`)).toEqual([]);
  });

  it('the proposal is the company letter: From the company, the button, the total, Valid until, phone and address, a text twin, the logo by CID', async () => {
    const sent = await send({ message: 'Dear board,\n\nOur proposal for the spring.' });
    await api.app.mailer.deliverPending();
    const [mail] = await sink.waitFor(1);
    expect(mail.from?.value[0]).toEqual({ name: FIXTURE_COMPANY.name, address: FROM });
    // Users have no email yet (issue 35 defect 14): the Reply-To is the company's.
    expect(mail.replyTo?.value[0].address).toBe(FIXTURE_COMPANY.email);
    const html = String(mail.html);
    const total = formatMoney(
      estimatePricing(
        [
          { subtotal: 650, tax: 'NJ', isIncluded: true },
          { subtotal: 1110, tax: 'PA', isIncluded: true },
        ],
        10,
      ).total,
    );
    const validUntil = longDate(sendBody(api).validUntil);
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain(`<a href="${sent.link}"`);
    expect(html).toContain(`>${mailWords.reviewAndSign}</a>`);
    for (const part of [
      total,
      validUntil,
      FIXTURE_COMPANY.phone,
      FIXTURE_COMPANY.address1,
      'Hamilton, NJ 08690',
      'Our proposal for the spring.',
    ]) {
      expect(html, part).toContain(part);
      expect(mail.text, part).toContain(part);
    }
    expect(mail.text).toContain(sent.link);
    expect(html.replace(/&amp;/g, '&')).toContain(FIXTURE_COMPANY.name);
    // Inline styles only, no remote image: the one image is the logo, attached inline by Content-ID.
    expect(html).not.toMatch(/<style|<link|<script/i);
    const sources = [...html.matchAll(/<img[^>]*src="([^"]*)"/g)].map((m) => m[1]);
    expect(sources).toEqual([`cid:${LOGO_CID}`]);
    const logo = mail.attachments.find((a) => a.cid === LOGO_CID);
    expect(logo?.contentType).toBe('image/png');
    // The letterhead's logo as the proposal froze it (the PDF's image), a PNG.
    expect(logo?.content.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(logo?.contentDisposition).toBe('inline');
    expect(mail.attachments.map((a) => a.filename)).toContain(`Proposal-${estimate.number}.pdf`);
  });

  it("Reply-To is the salesperson's email once they gave one (User Settings › Your details), else the company's", async () => {
    await send();
    await api.app.mailer.deliverPending();
    const [companyReply] = await sink.waitFor(1);
    expect(companyReply.replyTo?.value[0].address).toBe(FIXTURE_COMPANY.email);
    sink.messages.length = 0;
    const details = { firstName: 'Terry', lastName: 'Tester', email: 'terry@greenfield.example', phone: null };
    expect((await api.put('/api/users/me', details)).status).toBe(200);
    try {
      await send();
      await api.app.mailer.deliverPending();
      const [mail] = await sink.waitFor(1);
      expect(mail.replyTo?.value[0].address).toBe('terry@greenfield.example');
    } finally {
      await api.put('/api/users/me', { ...details, email: null });
    }
  });

  it('a hostile company name, message and customer name are shown as text, never markup', async () => {
    const hostile = '<img src=x onerror=alert(1)> "Evil" & Co';
    await saveCompany(api, { ...FIXTURE_COMPANY, name: hostile });
    try {
      await send({ message: 'Hi <script>alert(1)</script>\n\n<a href="http://evil.example">click</a>' });
      await api.app.mailer.deliverPending();
      const [mail] = await sink.waitFor(1);
      const html = String(mail.html);
      expect(html).not.toMatch(/<img src=x|<script|href="http:\/\/evil/);
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Evil&quot; &amp; Co');
      expect(html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.from?.value[0]).toEqual({ name: hostile, address: FROM });
    } finally {
      await saveCompany(api);
    }
    const letter = renderLetter({
      subject: '<b>s</b>',
      company: { ...FIXTURE_COMPANY, name: '<i>Co</i>', hasLogo: true },
      message: '<u>Customer</u> accepted',
      facts: [{ label: '<x>', value: '"1" & 2' }],
      button: { label: 'Go', url: 'https://yard.example/p/a"onclick="x' },
    });
    expect(letter.html).not.toMatch(/<b>s|<i>Co|<u>C|<x>|"onclick/);
    expect(letter.text).toContain('<u>Customer</u> accepted');
  });
});
