/** Issue 41: the client's proposal page shows a snow area's price sheet in plain words under it. */
import { screen, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SnowPricing } from '../../../src/domain/snowPricing';
import { snowPricingWords } from '../../../src/domain/snowWords';
import { startClientPage } from '../../../client/page';
import { AREAS, fakeCanvas, fakeFetch, getProposal, proposalFixture } from './fixtures';

const SHEET: SnowPricing = {
  expectedEvents: 12,
  expectedInches: 40,
  lines: [
    { service: 'plow', basis: 'seasonal', price: 4000, cap: { inches: 40 }, overage: 90, trigger: 2 },
    { service: 'salt', basis: 'perApplication', price: 310, per: 'ton', expectedPerEvent: 0.5 },
  ],
};

let root: HTMLElement;

beforeEach(() => {
  root = document.createElement('main');
  root.id = 'app';
  document.body.append(root);
  fakeCanvas();
});

afterEach(() => {
  root.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the client's proposal page: a snow area", () => {
  it('shows the sheet line by line (trigger, cap, overage) and says the figure is an expected season', async () => {
    const areas = [{ ...AREAS[0], name: 'Parking lot', subtotal: 5860, snowPricing: SHEET }, AREAS[1]];
    fakeFetch(getProposal(proposalFixture({ printType: 'WORK_AREA_PRICE_ONLY', areas })));
    await startClientPage(root, '/p/tok-123');
    const [lot, beds] = [...screen.getByRole('list', { name: 'Scope of work' }).querySelectorAll<HTMLElement>(':scope > li.area')];
    expect(within(beds).getByRole('heading', { level: 3 })).toHaveTextContent('Patio planting beds');
    const words = snowPricingWords(SHEET);
    expect([...lot.querySelectorAll('.snow-lines li')].map((li) => li.textContent)).toEqual(words.lines);
    expect(words.lines[0]).toContain('covering up to 40 in of snow in total; after that, $90.00 per inch.');
    expect(words.lines[0]).toContain('Nothing is billed for less than 2 in on the ground.');
    expect(lot.querySelector('.snow-expected')).toHaveTextContent(words.expected);
    expect(lot).toHaveTextContent('You are billed by the storms that come.');
    expect(beds.querySelector('.snow-sheet')).toBeNull();
  });
});
