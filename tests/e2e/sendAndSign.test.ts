import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatMoney } from '../../src/domain/money';
import { acceptedPricing, MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH, signatureExportSize } from '../../src/domain/proposals';
import { statusLabel } from '../../src/domain/estimates';
import { pdfText } from '../helpers/pdfText';
import { renderedPages } from '../helpers/pdfPages';
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink';
import { browserSkipReason, MOBILE, screenshot, SCREENSHOT_DIR, signIn, useE2E } from './harness';
import { api, sendProposalByApi } from './pageApi';

const AREAS = [
  { name: 'Front Entrance Beds', tax: 'NJ', items: [{ name: 'Hardwood mulch', quantity: 12, units: 'yd³', unitCost: 28, unitPrice: 65 }] },
  { name: 'Patio Pavers', tax: 'NJ', items: [{ name: 'Paver patio', quantity: 300, units: 'sq ft', unitCost: 9, unitPrice: 21.5 }] },
  { name: 'Clubhouse Lawn', tax: 'NJ', items: [{ name: 'Lawn mowing', quantity: 30, units: 'per visit', unitCost: 38, unitPrice: 95 }] },
];

/** The signed-in page's own fetch of a PDF (with its token): the bytes. */
async function pdfBytes(page: Page, path: string): Promise<Buffer> {
  const bytes = await page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Authorization: `Bearer ${sessionStorage.getItem('IDToken')}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return [...new Uint8Array(await response.arrayBuffer())];
  }, `/api${path}`);
  return Buffer.from(bytes);
}

/** Page 1 of a PDF as a PNG under test-results/screenshots (poppler's pdftoppm), to look at. */
function firstPageImage(pdf: Buffer, name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = join(SCREENSHOT_DIR, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', file, join(SCREENSHOT_DIR, name)]);
  return join(SCREENSHOT_DIR, `${name}.png`);
}

/** Signs in the client page's signature box with the mouse: one wavy stroke across it. */
async function drawSignature(client: Page): Promise<void> {
  const pad = client.getByRole('img', { name: /Signature box/ });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await client.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await client.mouse.down();
  for (let step = 1; step <= 24; step++) {
    await client.mouse.move(box.x + 20 + step * ((box.width - 40) / 24), box.y + box.height * (0.6 - 0.3 * Math.sin(step / 3)), {
      steps: 2,
    });
  }
  await client.mouse.up();
}

/** A customer with a contact, its site and an estimate of AREAS (discount 5 %), made through the API. */
async function estimateOfThreeAreas(office: Page, projectName: string) {
  const [me] = (await api<{ id: number; username: string }[]>(office, 'GET', '/users')).filter((u) => u.username === 'admin');
  const address = { address1: '400 Maple Ridge Dr', city: 'Princeton', state: 'NJ', zip: '08540' };
  const { id: customerID } = await api<{ id: number }>(office, 'POST', '/customers', { name: `${projectName} HOA`, type: 1, ...address });
  await api(office, 'POST', `/customers/${customerID}/contacts`, { firstName: 'Ann', lastName: 'Lee', email: 'ann@mapleridge.example' });
  const { id: siteID } = await api<{ id: number }>(office, 'POST', `/customers/${customerID}/sites`, { name: 'Clubhouse', ...address });
  const { id: estimateID } = await api<{ id: number }>(office, 'POST', `/sites/${siteID}/estimates`, {
    projectName,
    salesperson: me.id,
    estimator: me.id,
  });
  const stored = await api<Record<string, unknown>>(office, 'GET', `/estimates/${estimateID}`);
  await api(office, 'PUT', `/estimates/${estimateID}`, { ...stored, discount: 5 });
  for (const { items, ...area } of AREAS) {
    const { id: areaID } = await api<{ id: number }>(office, 'POST', `/estimates/${estimateID}/workAreas`, { isIncluded: true, ...area });
    for (const item of items) await api(office, 'POST', `/workAreas/${areaID}/workAreaItems`, item);
  }
  const { workAreas } = await api<{ workAreas: { id: number; name: string; subtotal: number; tax: string }[] }>(
    office,
    'GET',
    `/estimates/${estimateID}/workAreas`,
  );
  return { estimateID, workAreas };
}

describe.skipIf(browserSkipReason())('send and sign, as an office and its client would (issue 22)', () => {
  let sink: SmtpSink;
  // The mail sink is up before the server starts (hooks run in order), so SMTP_URL can name it.
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());
  const e2e = useE2E({ env: () => ({ SMTP_URL: sink.url, MAIL_FROM: 'office@greenfield.example' }) });

  test('sent from the estimate, opened from the mail without signing in, one area left out, drawn signature, accepted; the office sees it signed', async () => {
    const office = await e2e.newPage();
    await signIn(office);
    const { estimateID, workAreas } = await estimateOfThreeAreas(office, 'Spring Refresh');

    // The office: Print › Work Area Prices Only › Send to client, to the customer's contact.
    await office.goto(`/estimates/${estimateID}/detail`);
    await office.getByRole('heading', { name: 'Spring Refresh' }).waitFor();
    await office.getByRole('button', { name: 'Print' }).click();
    const print = office.getByRole('dialog', { name: 'Print' });
    await print.getByRole('combobox', { name: 'Print Type' }).click();
    await office.getByRole('option', { name: 'Work Area Prices Only' }).click();
    await print.getByRole('button', { name: 'Send to client' }).click();
    const send = office.getByRole('dialog', { name: 'Send to Client' });
    // To starts with the customer's contact (issue 35).
    await send.locator('.MuiChip-label', { hasText: 'ann@mapleridge.example' }).waitFor();
    await expect(send.getByRole('textbox', { name: 'Subject' }).inputValue()).resolves.toContain('Spring Refresh');
    await screenshot(office, 'send-proposal-dialog');
    await send.getByRole('button', { name: 'Send' }).click();
    const sent = office.getByRole('dialog', { name: 'Proposal Sent' });
    const link = await sent.getByRole('textbox', { name: "Client's link" }).inputValue();
    await sent.getByRole('button', { name: 'Done' }).click();

    // The mail: to the contact, the PDF attached as GET /api/proposals/:id/pdf serves it, the link in the text.
    const [mail] = await sink.waitFor(1);
    expect(sink.envelopes[0]).toEqual(['ann@mapleridge.example']);
    expect(mail.text).toContain(link);
    const [{ proposals }] = [
      await api<{ proposals: { id: number; status: string }[] }>(office, 'GET', `/estimates/${estimateID}/proposals`),
    ];
    const sentPdf = await pdfBytes(office, `/proposals/${proposals[0].id}/pdf`);
    expect(mail.attachments.find((a) => a.contentType === 'application/pdf')?.content.equals(sentPdf)).toBe(true);
    const linkInMail = /https?:\/\/\S+\/p\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(linkInMail).toBe(link);

    // The client: a fresh browser with no sign-in opens the link from the mail.
    const client = await e2e.newPage();
    await client.goto(linkInMail!);
    await client
      .getByRole('heading', { name: /Spring Refresh/ })
      .first()
      .waitFor();
    const all = acceptedPricing(
      workAreas,
      workAreas.map((area) => area.id),
      5,
    );
    const totals = client.locator('.totals');
    await expect(totals.textContent()).resolves.toContain(formatMoney(all.total));
    await client.getByRole('checkbox', { name: 'Patio Pavers' }).uncheck();
    const chosen = workAreas.filter((area) => area.name !== 'Patio Pavers').map((area) => area.id);
    const accepted = acceptedPricing(workAreas, chosen, 5);
    expect(accepted.total).not.toBe(all.total);
    await client.waitForFunction((total) => document.querySelector('.totals')?.textContent?.includes(total), formatMoney(accepted.total));
    await client.getByRole('heading', { name: /Terms/ }).first().scrollIntoViewIfNeeded();
    await client.getByLabel('Your full name').fill('Ann Lee');
    await drawSignature(client);
    await client.getByLabel('I accept the terms and conditions').check();
    await screenshot(client, 'client-proposal-before-accepting');
    await client.getByRole('button', { name: 'Accept proposal' }).click();
    await client.getByRole('heading', { name: /Thank you: you accepted this proposal/ }).waitFor();
    await screenshot(client, 'client-proposal-accepted');

    // Back in the office: Contract Signed, the patio left out, the panel's timeline, the signed PDF.
    await office.reload();
    await office.getByRole('heading', { name: 'Spring Refresh' }).waitFor();
    await office.getByText(statusLabel(2)).first().waitFor();
    const after = await api<{ status: number; subtotal: number }>(office, 'GET', `/estimates/${estimateID}`);
    expect(after.status).toBe(2);
    expect(after.subtotal).toBe(accepted.subtotal);
    const areasAfter = await api<{ workAreas: { name: string; isIncluded: boolean | number }[] }>(
      office,
      'GET',
      `/estimates/${estimateID}/workAreas`,
    );
    expect(areasAfter.workAreas.map((area) => [area.name, Boolean(area.isIncluded)])).toEqual([
      ['Front Entrance Beds', true],
      ['Patio Pavers', false],
      ['Clubhouse Lawn', true],
    ]);
    const panel = office.getByRole('region', { name: 'Proposals' });
    await panel.getByText('Accepted and signed by Ann Lee').waitFor();
    await panel.getByText('First viewed').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(office, 'proposals-panel-accepted');
    const signed = await pdfBytes(office, `/proposals/${proposals[0].id}/signedPdf`);
    // Page 1 is the acceptance: the signer, what was accepted and its total; the proposal as sent follows.
    const { pages } = await pdfText(signed);
    expect(pages[0]).toContain('Ann Lee');
    expect(pages[0]).toContain('Not accepted');
    expect(pages[0]).toContain(formatMoney(accepted.total));
    expect(pages.slice(1).join('\n')).toContain('Terms & Conditions');
    firstPageImage(signed, 'signed-proposal-page-1');
    // The pages after the acceptance are the sent PDF's own pages, rendered alike (issue 35 #6).
    const sentImages = renderedPages(sentPdf);
    const signedImages = renderedPages(signed);
    expect(signedImages.length).toBeGreaterThan(sentImages.length);
    const acceptancePages = signedImages.length - sentImages.length;
    sentImages.forEach((image, index) => expect(image.equals(signedImages[acceptancePages + index]), `sent page ${index + 1}`).toBe(true));
  });

  test('a dense wide screen (3×): the drawn signature is sent scaled down within the bounds the server accepts, and signs', async () => {
    const office = await e2e.newPage();
    await signIn(office);
    const { estimateID } = await estimateOfThreeAreas(office, 'Dense Screen');
    const { link } = await sendProposalByApi(office, estimateID);

    const client = await e2e.newPage({ deviceScaleFactor: 3 });
    await client.goto(link);
    await client.getByLabel('Your full name').fill('Ann Lee');
    await drawSignature(client);
    const canvas = await client.locator('canvas.signature-canvas').evaluate((element: HTMLCanvasElement) => ({
      width: element.width,
      height: element.height,
    }));
    expect(canvas.width).toBeGreaterThan(MAX_SIGNATURE_WIDTH);
    await client.getByLabel('I accept this proposal').check();
    const posted = client.waitForRequest((request) => request.url().endsWith('/accept'));
    await client.getByRole('button', { name: 'Accept proposal' }).click();
    const { signature } = JSON.parse((await posted).postData()!) as { signature: string };
    const png = Buffer.from(signature.split(',')[1], 'base64');
    const sent = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
    expect(sent).toEqual(signatureExportSize(canvas.width, canvas.height));
    expect(sent.width).toBe(MAX_SIGNATURE_WIDTH);
    expect(sent.height).toBeLessThanOrEqual(MAX_SIGNATURE_HEIGHT);
    await client.getByRole('heading', { name: /Thank you: you accepted this proposal/ }).waitFor();
  });

  test("the client's page at 390 px: no sideways scroll, every area's checkbox and the Accept button in reach", async () => {
    const office = await e2e.newPage();
    await signIn(office);
    const { estimateID } = await estimateOfThreeAreas(office, 'Snow Season 2026–27 with a long project name that has to wrap on a phone');
    const { link } = await sendProposalByApi(office, estimateID);

    const phone = await e2e.newPage({ viewport: MOBILE });
    await phone.goto(link);
    await phone.getByRole('button', { name: 'Accept proposal' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    for (const { name } of AREAS) {
      const box = (await phone.getByRole('checkbox', { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    }
    await screenshot(phone, 'client-proposal-phone');
    await phone.screenshot({ path: join(SCREENSHOT_DIR, 'client-proposal-phone-full.png'), fullPage: true });
  });
});
