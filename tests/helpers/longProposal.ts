/**
 * A big estimate to print: many work areas, each with rich-text notes of its own length and
 * shape (paragraphs, bold runs, lists, a centred line, indentation) and priced items from the
 * starter catalogue, plus the starter terms. Used by the paging tests and bench/proposal.ts.
 */
import catalogue from '../../server/db/seed/data/catalogue.json';
import starterTerms from '../../server/db/seed/data/terms.json';
import { itemTotals, workAreaSubtotal } from '../../src/domain/pricing';
import type { MaterialsArea, ProposalData } from '../../server/documents/documentData';
import type { FixtureArea, FixtureItem } from './printFixtures';
import { FIXTURE_COMPANY } from './companyFixture';

const PLACES = [
  'Front Entrance',
  'Clubhouse',
  'Pool Deck',
  'Parking Lot',
  'North Slope',
  'Tennis Courts',
  'Main Boulevard',
  'Detention Basin',
];
const WORK = ['Beds', 'Lawn', 'Islands', 'Walkways', 'Plantings', 'Hedges', 'Turf', 'Borders'];
const TAXES = ['NJ', 'PA', 'Phila', 'DE', 'EXEMPT'];

interface CatalogueItem {
  name: string;
  units: string;
  cost: number;
  price: number;
}

const ITEMS: CatalogueItem[] = (catalogue as unknown as { items: CatalogueItem[] }).items;

/** Notes of an area: the n-th gets a different length and shape. */
export function areaNotes(n: number): string {
  const lines = 2 + (n % 5);
  const bullets = Array.from(
    { length: lines },
    (_, i) =>
      `<li><p>Task ${i + 1}: ${['edge', 'weed', 'mulch', 'prune', 'blow off', 'haul away'][(n + i) % 6]} the ${WORK[(n + i) % WORK.length].toLowerCase()} — ${'thoroughly '.repeat(i % 3)}as scheduled</p></li>`,
  ).join('');
  const numbered =
    n % 3 === 0
      ? `<ol><li><p>Spring visit</p></li><li><p>Summer visit</p><ol><li><p>Check irrigation heads</p></li></ol></li><li><p>Fall visit</p></li></ol>`
      : '';
  const long = n % 7 === 3 ? `<p>${'Crews keep to the marked paths and leave every gate as they found it. '.repeat(6)}</p>` : '';
  return (
    `<p>Scope for area ${n + 1}: <strong>${WORK[n % WORK.length].toLowerCase()} care</strong> through the season, with <em>all debris</em> removed the same day.</p>` +
    `<ul>${bullets}</ul>${numbered}${long}` +
    `<p style="text-align:center"><u>Crew lead on site for every visit</u></p>` +
    (n % 2 ? '<p style="margin-left:2em">Irrigation adjustments are by others.</p>' : '')
  );
}

function areaItems(n: number, count: number): FixtureItem[] {
  return Array.from({ length: count }, (_, i) => {
    const item = ITEMS[(n * 7 + i) % ITEMS.length];
    return {
      name: item.name,
      units: item.units,
      quantity: 1 + ((n + i) % 12) * 1.5,
      size: i % 4 === 0 ? 1000 + i * 250 : null,
      unitCost: item.cost,
      unitPrice: item.price,
    };
  });
}

export function longAreas(count = 40, itemsPerArea = 25): FixtureArea[] {
  return Array.from({ length: count }, (_, n) => ({
    name: `${PLACES[n % PLACES.length]} ${WORK[(n * 3) % WORK.length]} ${n + 1}`,
    tax: TAXES[n % TAXES.length],
    notes: areaNotes(n),
    items: areaItems(n, itemsPerArea),
  }));
}

export const STARTER_TERMS = starterTerms.termsConditions.map((term) => ({ name: term.name, content: term.content }));

/** The same estimate as document data (no database), with the figures src/domain gives. */
export function longProposalData(areas: FixtureArea[] = longAreas()): ProposalData {
  return {
    company: { ...FIXTURE_COMPANY, logo: null },
    estimate: {
      number: 2077,
      revision: 1,
      createdAt: new Date('2025-03-14T15:00:00Z'),
      projectName: 'Maple Ridge 2025 Season',
      discount: 7.5,
    },
    customer: {
      name: 'Maple Ridge Homeowners Association',
      address1: '400 Maple Ridge Dr',
      address2: null,
      city: 'Princeton',
      state: 'NJ',
      zip: '08540',
    },
    site: { name: 'Maple Ridge Commons', address1: '410 Maple Ridge Dr', address2: null, city: 'Princeton', state: 'NJ', zip: '08540' },
    salesperson: { name: 'Terry Tester' },
    areas: areas.map((area) => ({
      name: area.name,
      tax: area.tax ?? 'NJ',
      notes: area.notes ?? null,
      subtotal: workAreaSubtotal((area.items ?? []).map((item) => itemTotals({ unitCost: 0, ...item }))),
    })),
    terms: STARTER_TERMS,
  };
}

/** The areas as a materials list prints them: each line's name, size, quantity and units. */
export function materialsAreasOf(areas: FixtureArea[]): MaterialsArea[] {
  return areas.map((area) => ({
    name: area.name,
    items: (area.items ?? []).map((item) => ({
      name: item.name,
      size: item.size ?? null,
      quantity: item.quantity,
      units: item.units ?? null,
    })),
  }));
}
