import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StormCloseOutPage from '../../../src/pages/stormCloseOut/StormCloseOutPage';
import { dataProvider } from '../../../src/providers/dataProvider';
import { createQueryClient } from '../../../src/providers/queryClient';
import { renderAdmin, routes } from '../renderAdmin';
import { fakeStormsApi, site, snowVisit, type StormsApi } from './stormsApi';

describe('Storm close-out', () => {
  let api: StormsApi;
  beforeEach(() => {
    api = fakeStormsApi([
      site(11, 'North Lot', {
        visits: [
          snowVisit(1, 11, { correctedBy: 2 }),
          snowVisit(2, 11, { corrects: 1, reason: 'Depth', depth: 7, material: { kind: 'Rock salt', quantity: 2, unit: 'ton' } }),
        ],
      }),
      site(12, 'Elm Plaza'),
    ]);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderPage = () =>
    renderAdmin(routes({ '/storms/:id/closeOut': <StormCloseOutPage />, '/billing': <p>Billing page</p> }), {
      dataProvider,
      queryClient: createQueryClient(),
      initialEntries: ['/storms/5/closeOut'],
      alerts: true,
    });

  it('lists each site with its standing visits and flags the site with no visit', async () => {
    renderPage();
    const table = await screen.findByRole('region', { name: 'Sites and visits' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Close out: Storm of Jan 5, 2027');
    const north = within(table).getByRole('row', { name: 'North Lot' });
    expect(within(north).getByText('Plowing')).toBeInTheDocument();
    expect(within(north).getByText('2 tons Rock salt')).toBeInTheDocument();
    expect(within(north).getByText('7 in')).toBeInTheDocument();
    expect(within(north).getByText('Crew B')).toBeInTheDocument();
    // The corrected entry is not billed: one row for North Lot.
    expect(within(table).getAllByText('Crew B')).toHaveLength(1);
    const elm = within(table).getByRole('row', { name: 'Elm Plaza' });
    expect(within(elm).getByText('No visit logged')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No visit logged at 1 contracted site');
  });

  it('closes out the storm and shows the billing lines, with a link to that month’s billing', async () => {
    const user = userEvent.setup();
    const { location, search } = renderPage();
    await screen.findByRole('region', { name: 'Sites and visits' });
    await user.click(screen.getByRole('button', { name: 'Close out storm' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST' && call.path === '/api/storms/5/closeOut')).toBe(true));
    expect(await screen.findByText('Storm closed out')).toBeInTheDocument();
    const lines = await screen.findByRole('region', { name: 'Billing lines' });
    const row = within(lines).getByRole('row', { name: /Plowing — Storm of Jan 5, 2027/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['North Lot Owners', 'North Lot', 'Plowing — Storm of Jan 5, 2027, 4–8 in push', '1', '$185.00', '$185.00', '$12.26']);
    expect(screen.getByText('Billing lines made (1)')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Billing for 2027-01' }));
    await waitFor(() => expect(location()).toBe('/billing'));
    expect(search()).toBe('?month=2027-01');
  });
});
