import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatMoney } from '../../src/domain/money';
import { pdfText } from '../helpers/pdfText';
import { ROOT } from './server';
import { browserSkipReason, expectAlert, screenshot, SCREENSHOT_DIR, signIn, useE2E } from './harness';
import { api, printedProposal } from './pageApi';

const LOGO = join(ROOT, 'server', 'db', 'seed', 'data', 'demo-logo.png');

const AREAS = [
  {
    name: 'Front Entrance Beds',
    tax: 'NJ',
    notes:
      '<p>Refresh the <strong>front entrance beds</strong> on both sides of the main gate.</p>' +
      "<ul><li><p>Edge every bed with a clean spade edge</p></li><li><p>Pull weeds and last season's debris</p></li>" +
      '<li><p>Install double-shredded hardwood mulch, 2–3" deep</p></li></ul>' +
      '<p style="text-align:center"><em>All debris hauled away the same day.</em></p>',
    items: [
      { name: 'Hardwood mulch, double shredded', quantity: 12, units: 'yd³', unitCost: 28, unitPrice: 65 },
      { name: 'Edging beds', quantity: 400, units: 'linear ft', unitCost: 0.35, unitPrice: 0.95 },
    ],
  },
  {
    name: 'Clubhouse Lawn',
    tax: 'NJ',
    notes:
      '<p>Weekly mowing April through November (30 visits), with string trimming and blowing of all hard surfaces.</p>' +
      '<ol><li><p>Core aeration in September</p></li><li><p>Overseeding with premium seed mix</p></li></ol>' +
      '<p style="margin-left:2em">Irrigation adjustments are by others.</p>',
    items: [{ name: 'Lawn mowing', quantity: 30, size: 1, units: 'per visit', unitCost: 38, unitPrice: 95 }],
  },
  {
    name: 'Pool Deck Planters (declined)',
    tax: 'NJ',
    isIncluded: false,
    notes: '<p>Seasonal annuals in the pool deck planters.</p>',
    items: [{ name: 'Seasonal annuals', quantity: 48, units: 'flat', unitCost: 14, unitPrice: 32 }],
  },
];

describe.skipIf(browserSkipReason())('printing in the browser', () => {
  const e2e = useE2E();

  test('the company letterhead from Settings; from an estimate a WORK_AREA_PRICE_ONLY proposal with one extra term opens as a PDF in a new tab', async () => {
    const page = await e2e.newPage();
    await signIn(page);

    // Settings → Company: the letterhead and its logo.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Company' }).click();
    await page.getByText('Save the company details first; the logo goes with them.').waitFor();
    await page.getByLabel(/^Company Name/).fill('Greenfield Landscape & Snow, LLC');
    await page.getByRole('combobox', { name: 'Address 1' }).fill('1200 Route 33');
    await page.getByLabel(/^Address 2/).fill('Building B');
    await page.getByLabel(/^City/).fill('Hamilton');
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'New Jersey' }).click();
    await page.getByLabel(/^Zip/).fill('08690');
    await page.getByLabel(/^Phone/).fill('6095550142');
    await page.getByLabel(/^Email/).fill('office@greenfield.example');
    await page.getByLabel(/^Website/).fill('www.greenfield.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Success', 'Company Profile Saved');
    await page.getByLabel('Logo file').setInputFiles(LOGO);
    await expectAlert(page, 'Success', 'Logo Saved');
    await page.getByRole('img', { name: 'Company logo' }).waitFor();
    await screenshot(page, 'settings-company');

    // An estimate with two included areas and a declined one.
    const [me] = (await api<{ id: number; username: string }[]>(page, 'GET', '/users')).filter((u) => u.username === 'admin');
    const { id: customerID } = await api<{ id: number }>(page, 'POST', '/customers', {
      name: 'Maple Ridge Homeowners Association',
      address1: '400 Maple Ridge Dr',
      city: 'Princeton',
      county: 'Mercer',
      state: 'NJ',
      zip: '08540',
      type: 1,
    });
    const { id: siteID } = await api<{ id: number }>(page, 'POST', `/customers/${customerID}/sites`, {
      name: 'Maple Ridge Clubhouse',
      address1: '410 Maple Ridge Dr',
      city: 'Princeton',
      state: 'NJ',
      zip: '08540',
    });
    const { id: estimateID } = await api<{ id: number }>(page, 'POST', `/sites/${siteID}/estimates`, {
      projectName: 'Spring Refresh 2025',
      salesperson: me.id,
      estimator: me.id,
    });
    for (const { items, notes, ...area } of AREAS) {
      const { id: areaID } = await api<{ id: number }>(page, 'POST', `/estimates/${estimateID}/workAreas`, { isIncluded: true, ...area });
      await api(page, 'PUT', `/workAreas/${areaID}/notes`, { notes });
      for (const item of items) await api(page, 'POST', `/workAreas/${areaID}/workAreaItems`, item);
    }
    const estimate = await api<{ number: number }>(page, 'GET', `/estimates/${estimateID}`);
    const areas = await api<{ workAreas: { name: string; subtotal: number }[] }>(page, 'GET', `/estimates/${estimateID}/workAreas`);
    const terms = (await api<{ termsConditions: { id: number; name: string; isAuto: number }[] }>(page, 'GET', '/termsConditions'))
      .termsConditions;

    // Print from the estimate's detail: Work Area Prices Only, approval as it comes (Yes), one extra term.
    await page.goto(`/estimates/${estimateID}/detail`);
    await page.getByRole('heading', { name: 'Spring Refresh 2025' }).waitFor();
    await page.getByRole('button', { name: 'Print' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print' });
    await dialog.getByRole('checkbox', { name: 'Plant Warranty' }).waitFor();
    await dialog.getByRole('combobox', { name: 'Print Type' }).click();
    await page.getByRole('option', { name: 'Work Area Prices Only' }).click();
    await expect(dialog.getByRole('radio', { name: 'Yes' }).isChecked()).resolves.toBe(true);
    for (const term of terms)
      await expect(dialog.getByRole('checkbox', { name: term.name }).isChecked(), term.name).resolves.toBe(term.isAuto === 1);
    await dialog.getByRole('checkbox', { name: 'Plant Warranty' }).check();
    await screenshot(page, 'print-dialog');

    const { tab, response, pdf } = await printedProposal(page, () => dialog.getByRole('button', { name: 'Print' }).click());
    await tab.waitForURL(/^blob:/);
    await expectAlert(page, 'Success', `Proposal-${estimate.number}.pdf is open in a new tab.`);

    const query = new URL(response.url()).searchParams;
    const chosen = terms.filter((t) => t.isAuto === 1 || t.name === 'Plant Warranty').map((t) => t.id);
    expect(Object.fromEntries(query)).toEqual({ printType: 'WORK_AREA_PRICE_ONLY', approval: 'true', tcIDs: JSON.stringify(chosen) });
    expect(response.headers()['content-type']).toBe('application/pdf');
    // What the customer gets: page 1 as an image, and the whole text.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const pdfPath = join(SCREENSHOT_DIR, 'proposal.pdf');
    writeFileSync(pdfPath, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdfPath, join(SCREENSHOT_DIR, 'proposal-page-1')]);
    console.log('proposal page 1: test-results/screenshots/proposal-page-1.png');
    const { text } = await pdfText(pdf);
    for (const area of areas.workAreas.filter((a) => !a.name.includes('declined')))
      expect(text).toContain(`${area.name} ${formatMoney(area.subtotal)}`);
    expect(text).not.toContain('Pool Deck Planters');
    for (const term of terms) expect(text.includes(term.name), term.name).toBe(chosen.includes(term.id));
    expect(text).toContain('ACCEPTED BY');
    expect(text).toContain('Greenfield Landscape & Snow, LLC');
  });
});
