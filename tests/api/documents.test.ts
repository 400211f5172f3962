import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain/money';
import { discountAmount, estimatePricing, itemTotals, workAreaSubtotal } from '../../src/domain/pricing';
import type { ContentText } from 'pdfmake/interfaces';
import { loadProposalData } from '../../server/estimates/loadDocumentData';
import { buildProposalDocument } from '../../server/documents/proposalDocument';
import { createEstimate, createTerm, saveCompany, FIXTURE_COMPANY, type FixtureArea } from '../helpers/printFixtures';
import { getBinary, pdfText } from '../helpers/pdfText';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const FRONT_NOTES =
  '<p>Refresh the <strong>front entrance beds</strong> on both sides of the gate.</p>' +
  '<ul><li><p>Edge every bed</p></li><li><p>Pull weeds and debris</p></li></ul>' +
  '<p style="text-align: center">Debris hauled away the same day</p>';

const AREAS: FixtureArea[] = [
  {
    name: 'Front Entrance Beds',
    tax: 'NJ',
    notes: FRONT_NOTES,
    items: [
      { name: 'Hardwood mulch, double shredded', quantity: 12, units: 'yd³', unitCost: 28, unitPrice: 65 },
      { name: 'Edging beds', quantity: 4, size: 400, units: 'linear ft', unitCost: 0.35, unitPrice: 95.13 },
    ],
  },
  {
    name: 'Clubhouse Lawn',
    tax: 'PA',
    notes: '<p>Weekly mowing, April through November.</p><ol><li><p>Core aeration</p></li><li><p>Overseeding</p></li></ol>',
    items: [
      { name: 'Lawn mowing', quantity: 30, size: 1, units: 'per visit', unitCost: 20, unitPrice: 61.25 },
      { name: 'hardwood mulch, double  shredded', quantity: 3.5, units: 'YD³', unitCost: 28, unitPrice: 65 },
    ],
  },
  {
    name: 'Back Lot Removal',
    tax: 'NJ',
    isIncluded: false,
    notes: '<p>Excluded-area notes that must never print.</p>',
    items: [{ name: 'Excluded stump grinding', quantity: 2, units: 'each', unitPrice: 350 }],
  },
];

const areaSubtotal = (area: FixtureArea) => workAreaSubtotal((area.items ?? []).map((item) => itemTotals({ unitCost: 0, ...item })));
const included = AREAS.filter((area) => area.isIncluded !== false);
const DISCOUNT = 10;
const pricing = estimatePricing(
  included.map((area) => ({ subtotal: areaSubtotal(area), tax: area.tax, isIncluded: true })),
  DISCOUNT,
);

describe.each(databaseKinds())('printed documents on %s', (kind) => {
  let api: TestApi;
  let estimate: Awaited<ReturnType<typeof createEstimate>>;
  const terms: Record<string, number> = {};
  const proposalUrl = (query: string, id = estimate.id) => `/api/estimates/${id}/generateEstimateProposal${query ? `?${query}` : ''}`;
  const tcIDs = (...names: string[]) => `tcIDs=${encodeURIComponent(JSON.stringify(names.map((name) => terms[name])))}`;

  async function proposal(query: string) {
    const res = await getBinary(api, proposalUrl(query));
    expect(res.status, res.json?.message).toBe(200);
    return { res, ...(await pdfText(res.bytes)) };
  }

  beforeAll(async () => {
    api = await createTestApi(kind);
    await saveCompany(api);
    estimate = await createEstimate(api, { projectName: 'Spring Refresh 2025', discount: DISCOUNT, areas: AREAS });
    terms['Payment Terms'] = await createTerm(api, {
      name: 'Payment Terms',
      content: '<p>Net <strong>30 days</strong> from invoice.</p>',
      isAuto: 1,
    });
    terms['Plant Warranty'] = await createTerm(api, { name: 'Plant Warranty', content: '<p>One year on plants we install.</p>' });
    terms['Snow Services'] = await createTerm(api, {
      name: 'Snow Services',
      content: '<p style="text-align:center">Plowing starts at 2" of snow.</p><ul><li><p>Salting on request</p></li></ul>',
    });
  });
  afterAll(() => api?.close());

  it('TOTAL_PRICE_ONLY: the letterhead, parties and included areas with notes, one price for the whole, the chosen terms in order', async () => {
    const { res, text, pages } = await proposal(`printType=TOTAL_PRICE_ONLY&${tcIDs('Snow Services', 'Payment Terms')}`);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Proposal-${estimate.number}.pdf"`);
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    for (const line of [
      FIXTURE_COMPANY.name,
      FIXTURE_COMPANY.phone,
      FIXTURE_COMPANY.email,
      FIXTURE_COMPANY.website,
      'Hamilton, NJ 08690',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain(`PROPOSAL NO. #${estimate.number}-R1`);
    expect(text).toContain('Maple Ridge Homeowners');
    expect(text).toContain('Maple Ridge Clubhouse');
    expect(text).toContain('Spring Refresh 2025');
    expect(text).toContain('Terry Tester');
    expect(text).toMatch(/Front Entrance Beds\n/);
    expect(text).toMatch(/Clubhouse Lawn\n/);
    // One price for the whole proposal, none per area.
    expect(text).not.toContain(formatMoney(areaSubtotal(AREAS[0])));
    expect(text).not.toContain(formatMoney(areaSubtotal(AREAS[1])));
    expect(text).toContain(`Subtotal ${formatMoney(pricing.subtotal)}`);
    expect(text).toContain(`Discount (10%) −${formatMoney(discountAmount(pricing))}`);
    expect(text).toContain(`Taxes ${formatMoney(pricing.taxes)}`);
    expect(text).toContain(`Total ${formatMoney(pricing.total)}`);
    // Exactly the chosen terms, in the order asked for.
    expect(text).toContain('Terms & Conditions');
    expect(text.indexOf('Snow Services')).toBeGreaterThan(-1);
    expect(text.indexOf('Snow Services')).toBeLessThan(text.indexOf('Payment Terms'));
    expect(text).not.toContain('Plant Warranty');
    expect(text).not.toContain('Approval');
    expect(text).not.toContain('Back Lot Removal');
    expect(text).not.toContain('Excluded-area notes');
    expect(pages[pages.length - 1]).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it('WORK_AREA_PRICE_ONLY with approval: each area priced, the totals, and the approval block with its lines', async () => {
    const { text } = await proposal(`printType=WORK_AREA_PRICE_ONLY&approval=true&${tcIDs('Payment Terms', 'Plant Warranty')}`);
    expect(text).toContain(`Front Entrance Beds ${formatMoney(areaSubtotal(AREAS[0]))}`);
    expect(text).toContain(`Clubhouse Lawn ${formatMoney(areaSubtotal(AREAS[1]))}`);
    expect(text).toContain(`Total ${formatMoney(pricing.total)}`);
    const approval = text.slice(text.indexOf('Approval'));
    expect(text.indexOf('Approval')).toBeGreaterThan(text.indexOf('Plant Warranty'));
    expect(approval).toContain(`Front Entrance Beds ${formatMoney(areaSubtotal(AREAS[0]))}`);
    expect(approval).toContain('ACCEPTED BY');
    expect(approval).toMatch(/Signature\s+Date/);
    expect(approval).toContain('Printed Name');
    expect(approval).not.toContain('Back Lot Removal');
    expect(text.indexOf('Payment Terms')).toBeLessThan(text.indexOf('Plant Warranty'));
    expect(text).not.toContain('Snow Services');
  });

  it('WORK_AREA_PRICE_ONLY approval under a discount: names the discount, its amount, the taxes and the total accepted', async () => {
    const { text } = await proposal('printType=WORK_AREA_PRICE_ONLY&approval=true');
    const approval = text.slice(text.indexOf('Approval')).replace(/\s+/g, ' ');
    // The area prices beside the boxes are before the discount: the text must say so.
    expect(approval).not.toMatch(/at the prices shown, plus applicable taxes/);
    expect(approval).toContain(
      `at the prices shown less the 10% discount (${formatMoney(discountAmount(pricing))} on all the areas above)`,
    );
    expect(approval).toContain(
      `plus applicable taxes (${formatMoney(pricing.taxes)}): a total of ${formatMoney(pricing.total)} for all the areas above`,
    );
    expect(discountAmount(pricing)).toBeGreaterThan(0);
  });

  it('WORK_AREA_PRICE_ONLY asks for approval by default, and leaves the block out with approval=false', async () => {
    expect((await proposal('printType=WORK_AREA_PRICE_ONLY')).text).toContain('ACCEPTED BY');
    const without = await proposal('printType=WORK_AREA_PRICE_ONLY&approval=false');
    expect(without.text).not.toContain('ACCEPTED BY');
    expect(without.text).not.toContain('Approval');
    expect(without.text).toContain(`Front Entrance Beds ${formatMoney(areaSubtotal(AREAS[0]))}`);
  });

  it('WORK_AREA_ONLY: work areas and notes, no prices anywhere; no tcIDs prints no terms', async () => {
    const { text } = await proposal('printType=WORK_AREA_ONLY&approval=true');
    expect(text).toContain('Front Entrance Beds');
    expect(text).toContain('Weekly mowing, April through November.');
    expect(text).not.toContain('$');
    expect(text).not.toMatch(/Subtotal|Taxes|Total|Pricing|ACCEPTED BY/);
    expect(text).not.toContain('Terms & Conditions');
  });

  it('the default print type is TOTAL_PRICE_ONLY', async () => {
    const { text } = await proposal('');
    expect(text).toContain(`Total ${formatMoney(pricing.total)}`);
    expect(text).not.toContain(formatMoney(areaSubtotal(AREAS[0])));
  });

  it('rich text survives: the bold run, the list items, the centred paragraph (text and pdfmake definition)', async () => {
    const { text } = await proposal(`printType=WORK_AREA_ONLY&${tcIDs('Snow Services')}`);
    expect(text).toContain('Refresh the front entrance beds on both sides of the gate.');
    expect(text).toContain('Edge every bed');
    expect(text).toContain('Pull weeds and debris');
    expect(text).toMatch(/Core aeration\s+1\./);
    expect(text).toContain('Debris hauled away the same day');
    expect(text).toContain('Salting on request');

    // Styles are not in the extracted text: the definition the route renders shows them.
    const data = await loadProposalData(api.database.db, estimate.id, [terms['Snow Services']]);
    const definition = JSON.stringify(buildProposalDocument(data, { type: 'WORK_AREA_ONLY', approval: false }).content);
    const nodes: ContentText[] = [];
    JSON.parse(definition, (_key, value) => {
      if (value && typeof value === 'object' && 'text' in value) nodes.push(value);
      return value;
    });
    expect(nodes).toContainEqual({ text: 'front entrance beds', bold: true });
    expect(nodes.find((n) => n.alignment === 'center' && JSON.stringify(n.text).includes('Debris hauled away'))).toBeDefined();
    expect(nodes.find((n) => n.alignment === 'center' && JSON.stringify(n.text).includes('Plowing starts'))).toBeDefined();
    expect(definition).toContain('"ul":[{"text":[{"text":"Edge every bed"}]');
    expect(definition).not.toContain('Excluded-area notes');
  });

  it('materials list: the included areas items grouped by area, then totals by item and units; no prices', async () => {
    const res = await getBinary(api, `/api/estimates/${estimate.id}/generateMaterialsPDF`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Materials-${estimate.number}.pdf"`);
    const { text } = await pdfText(res.bytes);
    expect(text).toContain('MATERIALS LIST');
    const byArea = text.slice(text.indexOf('Materials by Work Area'), text.indexOf('Totals by Item'));
    expect(byArea).toMatch(
      /Front Entrance Beds\nITEM SIZE QUANTITY UNITS\nHardwood mulch, double shredded 12 yd³\nEdging beds 400 4 linear ft/,
    );
    expect(byArea).toMatch(
      /Clubhouse Lawn\nITEM SIZE QUANTITY UNITS\nLawn mowing 1 30 per visit\nhardwood mulch, double\s+shredded 3.5 YD³/,
    );
    const totals = text.slice(text.indexOf('Totals by Item'));
    expect(totals).toContain('Hardwood mulch, double shredded 15.5 yd³');
    expect(totals).toContain('Edging beds 4 linear ft');
    expect(totals).toContain('Lawn mowing 30 per visit');
    expect(text).not.toContain('Back Lot Removal');
    expect(text).not.toContain('Excluded stump grinding');
    expect(text).not.toContain('$');
  });

  it('refuses bad parameters with 400 and a message, an unknown estimate with 404', async () => {
    const cases: [string, RegExp][] = [
      ['printType=FANCY', /^Unknown printType: use TOTAL_PRICE_ONLY, WORK_AREA_PRICE_ONLY, WORK_AREA_ONLY\.$/],
      ['printType=MATERIALS', /generateMaterialsPDF/],
      ['printType=total_price_only', /Unknown printType/],
      ['printType=TOTAL_PRICE_ONLY&printType=WORK_AREA_ONLY', /printType must be given once/],
      [`printType=${encodeURIComponent('TOTAL\u0000')}`, /Unknown printType/],
      ['approval=maybe', /approval must be true or false/],
      ['tcIDs=%5B1', /tcIDs must be a JSON array/],
      ['tcIDs=1,2', /tcIDs must be a JSON array/],
      [`tcIDs=${encodeURIComponent('{"ids":[1]}')}`, /tcIDs must be a JSON array/],
      [`tcIDs=${encodeURIComponent('["1"]')}`, /tcIDs must be a JSON array/],
      [`tcIDs=${encodeURIComponent('[1.5]')}`, /tcIDs must be a JSON array/],
      [`tcIDs=${encodeURIComponent('[0]')}`, /tcIDs must be a JSON array/],
      [`tcIDs=${encodeURIComponent('[-3]')}`, /tcIDs must be a JSON array/],
      [`tcIDs=${encodeURIComponent('[99999999999999]')}`, /tcIDs must be a JSON array/],
      [`tcIDs=${encodeURIComponent('[null]')}`, /tcIDs must be a JSON array/],
      [`tcIDs=${encodeURIComponent(JSON.stringify(Array.from({ length: 501 }, (_, i) => i + 1)))}`, /at most 500/],
      [`tcIDs=${encodeURIComponent('[4,4]')}`, /more than once/],
      [`tcIDs=${encodeURIComponent('[987654]')}`, /does not exist: 987654\.$/],
    ];
    for (const [query, message] of cases) {
      const res = await getBinary(api, proposalUrl(query));
      expect(res.status, query).toBe(400);
      expect(res.json.message, query).toMatch(message);
    }
    const known = terms['Payment Terms'];
    const mixed = await getBinary(api, proposalUrl(`tcIDs=${encodeURIComponent(JSON.stringify([known, 777777, 888888]))}`));
    expect(mixed.json).toEqual({ message: 'tcIDs names terms & conditions that do not exist: 777777, 888888.' });

    for (const url of [proposalUrl('', 987654), `/api/estimates/987654/generateMaterialsPDF`]) {
      const res = await getBinary(api, url);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Estimate not found.' });
    }
    for (const url of [
      '/api/estimates/abc/generateEstimateProposal',
      '/api/estimates/0/generateMaterialsPDF',
      '/api/estimates/99999999999999999/generateMaterialsPDF',
    ]) {
      expect((await getBinary(api, url)).status).toBe(400);
    }
  });

  it('answers 401 without a valid token', async () => {
    for (const url of [proposalUrl(''), `/api/estimates/${estimate.id}/generateMaterialsPDF`]) {
      const res = await getBinary(api, url, null);
      expect(res.status).toBe(401);
      expect(res.json.message).toBeTruthy();
      expect((await getBinary(api, url, 'not.a.token')).status).toBe(401);
    }
  });
});

describe.each(databaseKinds())('printed documents of a fresh install without a company profile on %s', (kind) => {
  let api: TestApi;
  let estimate: Awaited<ReturnType<typeof createEstimate>>;
  const plainAreas: FixtureArea[] = [{ name: 'Front Lawn', tax: 'NJ', items: [{ name: 'Lawn mowing', quantity: 10, unitPrice: 55 }] }];
  const plainPricing = estimatePricing([{ subtotal: areaSubtotal(plainAreas[0]), tax: 'NJ', isIncluded: true }], 0);

  beforeAll(async () => {
    api = await createTestApi(kind);
    // SEED_DEMO=0: the company profile is never saved.
    const profile = await api.get('/api/company');
    expect(profile.body.name ?? '').toBe('');
    estimate = await createEstimate(api, { projectName: 'First Job', areas: plainAreas });
  });
  afterAll(() => api?.close());

  async function proposalText(query: string) {
    const res = await getBinary(api, `/api/estimates/${estimate.id}/generateEstimateProposal?${query}`);
    expect(res.status, res.json?.message).toBe(200);
    return pdfText(res.bytes);
  }

  it('prints the letterhead with only what exists: no blank lines, no dangling separator in the footer', async () => {
    const { text, pages } = await proposalText('printType=TOTAL_PRICE_ONLY');
    const lines = text.split('\n');
    // The document starts with its title and number; no empty company line before or beside them.
    expect(lines[0].trim()).not.toBe('');
    expect(lines.slice(0, 3).join('\n')).toMatch(/PROPOSAL/);
    for (const line of lines) {
      expect(line, JSON.stringify(line)).not.toMatch(/^\s*[·,]\s*|\s*[·,]\s*$/);
      expect(line).not.toMatch(/·\s*·/);
    }
    expect(text).not.toMatch(/Proposal \d+ ·/);
    expect(pages[0]).toMatch(new RegExp(`Proposal #${estimate.number}-R1\\s+Page 1 of 1`));
    expect(text).toContain(`PROPOSAL NO. #${estimate.number}-R1`);
    expect(text).toContain('Maple Ridge Homeowners');
    expect(text).not.toContain('SAS');
    // The definition has no blank line in the letterhead (pdf text extraction skips them).
    const data = await loadProposalData(api.database.db, estimate.id, []);
    const [head] = buildProposalDocument(data, { type: 'TOTAL_PRICE_ONLY', approval: false }).content as unknown[];
    const blanks: unknown[] = [];
    JSON.parse(JSON.stringify(head), (_key, value) => {
      if (value && typeof value === 'object' && 'text' in value && !String(value.text).trim()) blanks.push(value);
      return value;
    });
    expect(blanks).toEqual([]);
  });

  it('the materials list prints its letterhead cleanly too', async () => {
    const res = await getBinary(api, `/api/estimates/${estimate.id}/generateMaterialsPDF`);
    const { text } = await pdfText(res.bytes);
    expect(text.split('\n')[0].trim()).not.toBe('');
    expect(text).toMatch(new RegExp(`Materials list · Estimate #${estimate.number}-R1 · First Job\\s+Page 1 of 1`));
  });

  it('approval without a discount: the taxes and the total accepted, no discount mentioned', async () => {
    const { text } = await proposalText('printType=WORK_AREA_PRICE_ONLY&approval=true');
    const approval = text.slice(text.indexOf('Approval')).replace(/\s+/g, ' ');
    expect(approval).toContain(
      `By signing below you accept them at the prices shown, plus applicable taxes (${formatMoney(plainPricing.taxes)}): a total of ${formatMoney(plainPricing.total)} for all the areas above`,
    );
    expect(approval).not.toContain('discount');
    expect(plainPricing.taxes).toBeGreaterThan(0);
  });
});
