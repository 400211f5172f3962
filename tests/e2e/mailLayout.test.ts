/**
 * Issue 35 defects 5 and 13 in a browser: the Send dialog starts with To filled from the
 * customer's contacts, and the proposal mail, as the local SMTP server captured it, reads as
 * the company's letter on a phone (390 px) and a desktop (800 px), in light and dark mode.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatMoney } from '../../src/domain/money';
import { estimatePricing } from '../../src/domain/pricing';
import { mailWords } from '../../src/domain/proposalTemplates';
import { LOGO_CID } from '../../server/mail/templates/letterMail';
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink';
import { browserSkipReason, screenshot, signIn, useE2E } from './harness';
import { api } from './pageApi';
import { FIXTURE_COMPANY } from '../helpers/companyFixture';

const LOGO = readFileSync(new URL('../../server/db/seed/data/demo-logo.png', import.meta.url));
const COMPANY = FIXTURE_COMPANY;

/** The letterhead and its logo, through the API as Settings saves them. */
async function saveLetterhead(office: Page): Promise<void> {
  const current = await api<{ version: number }>(office, 'GET', '/company');
  await api(office, 'PUT', '/company', { ...current, ...COMPANY, version: current.version });
  await office.evaluate(async (base64) => {
    const xsrf =
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length) ?? '';
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const response = await fetch('/api/company/logo', {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${sessionStorage.getItem('IDToken')}`,
        'Content-Type': 'image/png',
        'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      },
      body: bytes,
    });
    if (!response.ok) throw new Error(`logo: ${response.status} ${await response.text()}`);
  }, LOGO.toString('base64'));
}

/** A customer with two contacts that have an email and one without, its site and a priced estimate. */
async function customerWithContacts(office: Page, projectName: string) {
  const [me] = (await api<{ id: number; username: string }[]>(office, 'GET', '/users')).filter((u) => u.username === 'admin');
  const address = { address1: '400 Maple Ridge Dr', city: 'Princeton', state: 'NJ', zip: '08540' };
  const { id: customerID } = await api<{ id: number }>(office, 'POST', '/customers', { name: `${projectName} HOA`, type: 1, ...address });
  await api(office, 'POST', `/customers/${customerID}/contacts`, { firstName: 'Ann', lastName: 'Lee', email: 'ann@mapleridge.example' });
  await api(office, 'POST', `/customers/${customerID}/contacts`, { firstName: 'Bob', lastName: 'Stone' });
  await api(office, 'POST', `/customers/${customerID}/contacts`, { firstName: 'Cy', lastName: 'Board', email: 'board@mapleridge.example' });
  const { id: siteID } = await api<{ id: number }>(office, 'POST', `/customers/${customerID}/sites`, { name: 'Clubhouse', ...address });
  const { id: estimateID } = await api<{ id: number }>(office, 'POST', `/sites/${siteID}/estimates`, {
    projectName,
    salesperson: me.id,
    estimator: me.id,
  });
  const { id: areaID } = await api<{ id: number }>(office, 'POST', `/estimates/${estimateID}/workAreas`, {
    name: 'Front Entrance Beds',
    tax: 'NJ',
    isIncluded: true,
  });
  await api(office, 'POST', `/workAreas/${areaID}/workAreaItems`, { name: 'Hardwood mulch', quantity: 12, unitCost: 28, unitPrice: 65 });
  const { workAreas } = await api<{ workAreas: { subtotal: number; tax: string }[] }>(office, 'GET', `/estimates/${estimateID}/workAreas`);
  const total = formatMoney(
    estimatePricing(
      workAreas.map((area) => ({ ...area, isIncluded: true })),
      0,
    ).total,
  );
  return { estimateID, total };
}

/** The mail's HTML as a mail client shows it: the logo part put where its cid: names it. */
function displayedHtml(mail: ParsedMail): string {
  const logo = mail.attachments.find((attachment) => attachment.cid === LOGO_CID);
  expect(logo, 'the logo is attached inline').toBeTruthy();
  const html = String(mail.html);
  expect(html).toContain(`src="cid:${LOGO_CID}"`);
  return html.replaceAll(`cid:${LOGO_CID}`, `data:${logo!.contentType};base64,${logo!.content.toString('base64')}`);
}

/** Relative luminance contrast of two CSS rgb() colours (WCAG). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe.skipIf(browserSkipReason())('the proposal mail and the Send dialog (issue 35)', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());
  const e2e = useE2E({ env: () => ({ SMTP_URL: sink.url, MAIL_FROM: 'proposals@greenfield.example' }) });

  test('To starts with the contacts that have an email; the mail fits 390 px and 800 px, light and dark, with the button, total and Valid until', async () => {
    const office = await e2e.newPage();
    await signIn(office);
    await saveLetterhead(office);
    const { estimateID, total } = await customerWithContacts(office, 'Autumn Cleanup');

    await office.goto(`/estimates/${estimateID}/detail`);
    await office.getByRole('heading', { name: 'Autumn Cleanup' }).waitFor();
    await office.getByRole('button', { name: 'Print' }).click();
    await office.getByRole('dialog', { name: 'Print' }).getByRole('button', { name: 'Send to client' }).click();
    const send = office.getByRole('dialog', { name: 'Send to Client' });
    await send.locator('.MuiChip-label', { hasText: 'board@mapleridge.example' }).waitFor();
    // In the contacts' order (by last name), the one without an email left out.
    expect(await send.locator('.MuiChip-label').allTextContents()).toEqual(['board@mapleridge.example', 'ann@mapleridge.example']);
    await screenshot(office, 'mail-send-dialog-prefilled');
    await send.getByRole('button', { name: 'Send' }).click();
    await office.getByRole('dialog', { name: 'Proposal Sent' }).getByRole('button', { name: 'Done' }).click();

    const [mail] = await sink.waitFor(1);
    expect(sink.envelopes[0].sort()).toEqual(['ann@mapleridge.example', 'board@mapleridge.example']);
    expect(mail.from?.value[0]).toEqual({ name: COMPANY.name, address: 'proposals@greenfield.example' });
    const html = displayedHtml(mail);

    for (const [width, scheme] of [
      [390, 'light'],
      [390, 'dark'],
      [800, 'light'],
      [800, 'dark'],
    ] as const) {
      const reader = await e2e.newPage({ viewport: { width, height: 900 } });
      await reader.emulateMedia({ colorScheme: scheme });
      await reader.setContent(html, { waitUntil: 'load' });
      const layout = await reader.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        text: document.body.innerText,
        logoLoaded: [...document.images].every((image) => image.complete && image.naturalWidth > 0),
      }));
      expect(layout.scrollWidth, `no horizontal overflow at ${width} px`).toBeLessThanOrEqual(layout.innerWidth);
      expect(layout.logoLoaded).toBe(true);
      const button = reader.getByRole('link', { name: mailWords.reviewAndSign });
      expect(await button.isVisible()).toBe(true);
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.height).toBeGreaterThanOrEqual(40);
      expect(layout.text).toContain(total);
      expect(layout.text).toContain(mailWords.validUntil);
      expect(layout.text).toContain(COMPANY.phone);
      expect(layout.text).toContain('Hamilton, NJ 08690');
      // Readable: the message's text against its card, and the button's label against the button.
      const colours = await reader.evaluate(() => {
        const paragraph = document.querySelector('p')!;
        const card = paragraph.closest('td')!;
        const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Review and sign')!;
        return {
          text: getComputedStyle(paragraph).color,
          card: getComputedStyle(card).backgroundColor,
          label: getComputedStyle(link).color,
          button: getComputedStyle(link.closest('td')!).backgroundColor,
        };
      });
      expect(contrast(colours.text, colours.card), `${scheme} text`).toBeGreaterThanOrEqual(7);
      expect(contrast(colours.label, colours.button), `${scheme} button`).toBeGreaterThanOrEqual(4.5);
      await screenshot(reader, `mail-proposal-${width}-${scheme}`);
    }
  });
});
