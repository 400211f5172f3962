import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/connection';
import { companyMail, mailOutbox } from '../../server/db/tables/mail';
import { enqueueMail } from '../../server/mail/outbox';
import { jobs } from '../../server/db/tables/jobs';
import { claimNextJob } from '../../server/jobs/queue';
import { JOB_KINDS, jobMessages } from '../../src/domain/jobs';
import { DEFAULT_SUBJECT_TEMPLATE } from '../../src/domain/proposalTemplates';
import { createEstimate, saveCompany } from '../helpers/printFixtures';
import { createTestApi, TEST_SECRET, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink';
import { sendBody } from '../helpers/proposalFixtures';

describe.each(databaseKinds())('mail settings and delivery on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  /** A notice to the office, queued as the app queues one. */
  const queueNotice = (to: string, subject: string) =>
    enqueueMail(api.database.db, { proposalID: null, kind: 'notice', to: [to], subject, text: 'x', html: 'x' });

  beforeAll(async () => {
    sink = await startSmtpSink();
    // No SMTP_URL: the stored settings are what counts.
    api = await createTestApi(kind, { mail: { timeoutMs: 2000 } });
    await saveCompany(api);
  });
  afterAll(async () => {
    await api?.close();
    await sink?.close();
  });

  it('without any mail settings a proposal is still sent: 201 with the link, nothing queued, the test email says so', async () => {
    const settings = await api.get('/api/company/mail');
    expect(settings.status, settings.raw).toBe(200);
    expect(settings.body).toMatchObject({
      source: 'none',
      configured: false,
      passwordSet: false,
      version: 0,
      subjectTemplate: DEFAULT_SUBJECT_TEMPLATE,
    });
    const estimate = await createEstimate(api, {
      projectName: 'No Mail',
      areas: [{ name: 'Lawn', items: [{ name: 'Mow', quantity: 1, unitPrice: 50 }] }],
    });
    const res = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    expect(res.status, res.raw).toBe(201);
    expect(res.body.mailConfigured).toBe(false);
    expect(res.body.link).toMatch(/^http:\/\/localhost(:\d+)?\/p\/[A-Za-z0-9_-]{43}$/);
    const [listed] = (await api.get(`/api/estimates/${estimate.id}/proposals`)).body.proposals;
    expect(listed).toMatchObject({ deliveryStatus: 'notConfigured', deliveryError: null, link: res.body.link, status: 'sent' });
    expect(await api.database.db.select().from(mailOutbox)).toEqual([]);
    const resend = await api.post(`/api/proposals/${res.body.id}/resend`);
    expect(resend.status).toBe(409);
    expect(resend.body.message).toMatch(/not set up/);
    const test = await api.post('/api/company/mail/test', { to: 'me@greenfield.example' });
    expect(test.status).toBe(400);
    expect(test.body.message).toMatch(/not set up/);
  });

  it('PUT validates each field (400 naming it) and refuses a stale version', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ host: 'smtp example.com' }, 'host'],
      [{ host: 'a\u0000b' }, 'host'],
      [{ port: 0 }, 'port'],
      [{ port: '25' }, 'port'],
      [{ port: 70000 }, 'port'],
      [{ security: 'ssl' }, 'security'],
      [{ fromAddress: 'not-an-address' }, 'fromAddress'],
      [{ fromAddress: null }, 'fromAddress'],
      [{ password: 42 }, 'password'],
      [{ password: 'a\nb' }, 'password'],
      [{ username: 'x'.repeat(300) }, 'username'],
      [{ subjectTemplate: 'Hi {custmer}' }, 'subjectTemplate'],
      [{ messageTemplate: 'x'.repeat(10_001) }, 'messageTemplate'],
    ];
    const valid = { host: '127.0.0.1', port: sink.port, security: 'none', fromAddress: 'office@greenfield.example', version: 0 };
    for (const [change, field] of cases) {
      const res = await api.put('/api/company/mail', { ...valid, ...change });
      expect(res.status, `${field}: ${res.raw}`).toBe(400);
      expect(res.body.errors?.[field], field).toBeTruthy();
    }
    expect((await api.put('/api/company/mail', { ...valid, version: undefined })).status).toBe(400);
    expect((await api.put('/api/company/mail', [1])).status).toBe(400);
    expect((await api.put('/api/company/mail', { ...valid, version: 2 ** 40 })).status).toBe(400);
    expect((await api.get('/api/company/mail')).body.version).toBe(0);
    expect((await api.put('/api/company/mail', { ...valid, version: 3 })).status).toBe(409);
  });

  it('stores the settings with the password sealed, never returned; the test email goes through them', async () => {
    const saved = await api.put('/api/company/mail', {
      host: '127.0.0.1',
      port: sink.port,
      security: 'none',
      username: 'office',
      password: 'hunter2-secret',
      fromAddress: 'office@greenfield.example',
      subjectTemplate: 'Proposal {estimateNumber}',
      version: 0,
    });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body).toMatchObject({
      source: 'settings',
      configured: true,
      passwordSet: true,
      version: 1,
      subjectTemplate: 'Proposal {estimateNumber}',
    });
    expect(saved.raw).not.toContain('hunter2');
    const [row] = await api.database.db.select().from(companyMail);
    expect(JSON.stringify(row)).not.toContain('hunter2');
    expect(row.passwordSealed).toMatch(/^v1\./);
    // Saving again without a password keeps it; null forgets it.
    const again = await api.put('/api/company/mail', { ...saved.body, password: '', version: 1 });
    expect(again.body).toMatchObject({ passwordSet: true, version: 2 });
    expect((await api.put('/api/company/mail', { ...saved.body, version: 1 })).status).toBe(409);

    const test = await api.post('/api/company/mail/test', { to: 'me@greenfield.example' });
    expect(test.status, test.raw).toBe(200);
    const [mail] = await sink.waitFor(1);
    expect(sink.envelopes[0]).toEqual(['me@greenfield.example']);
    expect(mail.from?.value[0]).toEqual({ name: 'Greenfield Landscape & Snow, LLC', address: 'office@greenfield.example' });
    expect((await api.post('/api/company/mail/test', { to: 'bad' })).status).toBe(400);

    sink.refuse.add('nobody@greenfield.example');
    try {
      const refused = await api.post('/api/company/mail/test', { to: 'nobody@greenfield.example' });
      expect(refused.status).toBe(502);
      expect(refused.body.message).toMatch(/550|unavailable/);
    } finally {
      sink.refuse.clear();
    }
    const forgot = await api.put('/api/company/mail', { ...saved.body, username: null, password: null, version: 2 });
    expect(forgot.body).toMatchObject({ passwordSet: false, username: null });
  });

  it('a mail server that refuses the connection: the delivery waits to be tried again, the error is recorded, the request was not held up', async () => {
    // A port nothing listens on: refused at once (the silent server below needs the timeout).
    const settings = (await api.get('/api/company/mail')).body;
    expect((await api.put('/api/company/mail', { ...settings, port: 1, version: settings.version })).status).toBe(200);
    const estimate = await createEstimate(api, {
      projectName: 'Unreachable',
      areas: [{ name: 'Lawn', items: [{ name: 'Mow', quantity: 1, unitPrice: 50 }] }],
    });
    const started = Date.now();
    const res = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    expect(res.status, res.raw).toBe(201);
    expect(res.body.mailConfigured).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    await api.app.mailer.deliverPending();
    // A refused connection may pass: the mail waits its back-off (tests/api/mailRetry.test.ts follows it to the end).
    const [listed] = (await api.get(`/api/estimates/${estimate.id}/proposals`)).body.proposals;
    expect(listed.deliveryStatus).toBe('queued');
    const [row] = await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.proposalID, res.body.id));
    expect(row).toMatchObject({ status: 'queued', failures: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    await api.database.db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
    const restored = (await api.get('/api/company/mail')).body;
    expect((await api.put('/api/company/mail', { ...restored, port: sink.port, version: restored.version })).status).toBe(200);
  });

  it('a mail server that accepts the connection but never answers: the test email gives up after the timeout with 502', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const settings = (await api.get('/api/company/mail')).body;
    try {
      const port = (silent.address() as AddressInfo).port;
      expect((await api.put('/api/company/mail', { ...settings, port, version: settings.version })).status).toBe(200);
      const started = Date.now();
      const res = await api.post('/api/company/mail/test', { to: 'me@greenfield.example' });
      expect(res.status, res.raw).toBe(502);
      expect(res.body.message).toMatch(/greeting|timeout/i);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      const current = (await api.get('/api/company/mail')).body;
      expect((await api.put('/api/company/mail', { ...current, port: sink.port, version: current.version })).status).toBe(200);
    }
  });

  it('the worker delivers on its own when it runs', async () => {
    const database = api.database;
    const worker = await buildApp({ database, jwtSecret: TEST_SECRET, mail: { worker: true, timeoutMs: 2000 }, jobs: { pollMs: 100 } });
    try {
      sink.messages.length = 0;
      sink.envelopes.length = 0;
      await enqueueMail(database.db, {
        proposalID: null,
        kind: 'notice',
        to: ['auto@greenfield.example'],
        subject: 'Auto',
        text: 'x',
        html: '<p>x</p>',
      });
      await sink.waitFor(1);
      expect(sink.envelopes[0]).toEqual(['auto@greenfield.example']);
    } finally {
      await worker.close();
    }
  });

  // Only where there is a PostgreSQL server (defined there alone: CI counts a skipped test as a failure).
  if (kind === 'postgres')
    it('two servers on one PostgreSQL deliver each queued message once', async () => {
      const url = (api.database as { url?: string }).url!;
      const second = await openDatabase({ databaseUrl: url, poolSize: 4 });
      const appA = await buildApp({ database: api.database, jwtSecret: TEST_SECRET, mail: { timeoutMs: 2000 } });
      const appB = await buildApp({ database: second, jwtSecret: TEST_SECRET, mail: { timeoutMs: 2000 } });
      try {
        await api.database.db.delete(mailOutbox).where(sql`true`);
        sink.messages.length = 0;
        sink.envelopes.length = 0;
        sink.delayMs = 150;
        const count = 6;
        for (let i = 0; i < count; i += 1) {
          await queueNotice(`once${i}@greenfield.example`, `Once ${i}`);
        }
        const [a, b] = await Promise.all([appA.mailer.deliverPending(), appB.mailer.deliverPending()]);
        expect(a + b).toBe(count);
        expect(a).toBeGreaterThan(0);
        expect(b).toBeGreaterThan(0);
        await sink.waitFor(count);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(sink.messages.map((m) => m.subject).sort()).toEqual(Array.from({ length: count }, (_, i) => `Once ${i}`).sort());
        const rows = await api.database.db.select({ status: mailOutbox.status, attempts: mailOutbox.attempts }).from(mailOutbox);
        expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      } finally {
        sink.delayMs = 0;
        await appA.close();
        await appB.close();
        await second.close();
      }
    });

  it("a message whose sender died mid-way is taken again once its job's lease ends, and goes once", async () => {
    await api.database.db.delete(mailOutbox).where(sql`true`);
    sink.messages.length = 0;
    const id = await queueNotice('lease@greenfield.example', 'Lease');
    // Another server took its job, marked it sending, and died.
    const job = await claimNextJob(api.database.db, {
      kinds: [JOB_KINDS.mail],
      leaseMs: 3_600_000,
      workerId: 'dead:1',
      now: api.clock.now,
    });
    expect(job?.payload).toEqual({ mailID: id });
    await api.database.db.update(mailOutbox).set({ status: 'sending', attempts: 1 }).where(eq(mailOutbox.id, id));
    expect(await api.app.mailer.deliverPending()).toBe(0);
    await api.database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, job!.id));
    expect(await api.app.mailer.deliverPending()).toBe(1);
    await sink.waitFor(1);
    expect(await api.app.mailer.deliverPending()).toBe(0);
    expect(sink.messages).toHaveLength(1);
    const [row] = await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a message whose job gave up (interrupted too often) fails, saying so, and never goes', async () => {
    await api.database.db.delete(mailOutbox).where(sql`true`);
    sink.messages.length = 0;
    const id = await queueNotice('gave-up@greenfield.example', 'Gave up');
    // Its job was taken and lost as often as its tries allow (the message waiting out a back-off).
    await api.database.db
      .update(jobs)
      .set({ attempts: sql`${jobs.maxAttempts}` })
      .where(sql`${jobs.kind} = ${JOB_KINDS.mail} AND (${jobs.payload}->>'mailID')::int = ${id}`);
    expect(await api.app.mailer.deliverPending()).toBe(1);
    const [row] = await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', lastError: jobMessages.interrupted });
    expect(sink.messages).toHaveLength(0);
  });
});
