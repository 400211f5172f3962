import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { frontLawn, renderPanel, selectArea } from './panelHarness';
import { PLOW_AND_SALT, TWO_WINTERS, snowLot } from './snowFixtures';

async function pastWinters() {
  await selectArea('Parking Lot');
  return screen.findByRole('region', { name: 'What you would have paid' });
}

const rowCells = (table: HTMLElement, season: string) =>
  within(within(table).getByRole('row', { name: new RegExp(`^${season}`) }))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('What you would have paid (issue 41)', () => {
  it("prices the site's past winters by the area's sheet, by basis, and flags a season salted above the company's rate", async () => {
    renderPanel({ areas: [frontLawn, snowLot(PLOW_AND_SALT)], snowHistory: TWO_WINTERS });
    const panel = await pastWinters();
    const table = await within(panel).findByRole('table', { name: 'Past winters under this sheet' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Season', 'Events', 'Inches', 'Per push', 'Per application', 'Total', 'Salt per 1,000 ft² per event']);
    // 2023–24: one push at 3 in ($65), two applications ($170); 800 lb over 2 events on 20,000 ft²: 20 lb.
    expect(rowCells(table, '2023–24')).toEqual(['2', '4', '$65.00', '$170.00', '$235.00', '20 lb — above the 15 lb rate']);
    // 2024–25: one visit of two passes at 6 in, plowed and salted: two pushes, two applications; 100 lb in one event: 5 lb.
    expect(rowCells(table, '2024–25')).toEqual(['1', '6', '$130.00', '$170.00', '$300.00', '5 lb']);
    const flagged = within(table).getByText('20 lb — above the 15 lb rate');
    expect(getComputedStyle(flagged).color).not.toBe(getComputedStyle(within(table).getByText('5 lb')).color);
    expect(panel).toHaveTextContent('Company salt rate: 15 lb per 1,000 ft² per event.');
  });

  it('explains a salt column it cannot fill: no paved area, no salt rate', async () => {
    renderPanel({ areas: [frontLawn, snowLot(PLOW_AND_SALT)], snowHistory: { ...TWO_WINTERS, pavedArea: null, saltRate: null } });
    const panel = await pastWinters();
    const table = await within(panel).findByRole('table', { name: 'Past winters under this sheet' });
    expect(rowCells(table, '2023–24').at(-1)).toBe('—');
    expect(panel).toHaveTextContent("Salt per 1,000 ft² needs the site's paved area, which is not set.");
    expect(panel).toHaveTextContent('No salt rate is set (Settings › Company › Costing), so the salt spread is not compared with one.');
  });

  it('says so plainly when the site has no past winter; a plain area shows no such panel', async () => {
    renderPanel({ areas: [frontLawn, snowLot(PLOW_AND_SALT)] });
    const panel = await pastWinters();
    expect(
      await within(panel).findByText('No past winter on record at this site: nothing to compare this sheet with yet.'),
    ).toBeInTheDocument();
    await selectArea('Front Lawn');
    expect(screen.queryByRole('region', { name: 'What you would have paid' })).not.toBeInTheDocument();
  });
});
