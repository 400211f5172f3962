import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/dataProvider';
import { EstimateList } from '../../../src/resources/estimates/EstimateList';
import { fakeFetch, json, type FakeCall } from '../fakeApi';
import { renderAdmin, routes } from '../renderAdmin';

// Midday UTC: the same calendar day in every US time zone and in UTC.
const rows = [
  {
    id: 42,
    number: 1007,
    createdAt: '2025-04-01T16:00:00.000Z',
    customerName: 'Green Acres Estate',
    projectName: 'Spring Cleanup 2025',
    status: 0,
    subtotal: 1234.5,
  },
  {
    id: 41,
    number: 1006,
    revision: 2,
    createdAt: '2025-03-15T16:00:00.000Z',
    customerName: 'Mercer Office Park',
    projectName: 'Lot Sweep',
    status: 1,
    subtotal: 98765.4,
  },
  {
    id: 40,
    number: 1005,
    createdAt: '2025-02-28T16:00:00.000Z',
    customerName: 'Hopewell Church',
    projectName: 'Snow 2024/25',
    status: 2,
    subtotal: 0,
  },
  {
    id: 39,
    number: 1004,
    createdAt: '2025-01-02T16:00:00.000Z',
    customerName: 'Lambertville Inn',
    projectName: 'Patio',
    status: 3,
    subtotal: 5000,
  },
  {
    id: 38,
    number: 1003,
    createdAt: '2024-12-31T16:00:00.000Z',
    customerName: 'Old Mill',
    projectName: 'Imported',
    status: 7,
    subtotal: null,
  },
];

const SERVICES = [
  { id: 3, name: 'Snow Plowing' },
  { id: 4, name: 'Weekly Mowing' },
];

let requests: FakeCall[];

beforeEach(() => {
  requests = fakeFetch(({ path }) => {
    if (path === '/api/estimates') return json(200, { estimates: rows, count: 95 });
    if (path === '/api/services') return json(200, { services: SERVICES, count: SERVICES.length });
    return json(404, { message: 'Not found.' });
  });
});
afterEach(() => vi.unstubAllGlobals());

const lastQuery = () => Object.fromEntries(requests.filter((r) => r.path === '/api/estimates').at(-1)!.query);

function renderList(entry = '/estimates') {
  return renderAdmin(routes({ '/estimates': <EstimateList />, '/estimates/:id/detail': <p>Estimate page</p> }), {
    dataProvider,
    initialEntries: [entry],
  });
}

const linkTo = (filter: Record<string, unknown>) => `/estimates?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

describe('Estimates list', () => {
  it('shows Number, Date, Customer, Project Name, Status and Subtotal, with labels and money', async () => {
    renderList();
    const table = await screen.findByRole('table', { name: 'estimates' });
    await within(table).findByText('Spring Cleanup 2025');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Number', 'Date', 'Customer', 'Project Name', 'Status', 'Subtotal']);
    // After the checkbox that ticks the row for Renew (issue 23).
    const cells = (number: RegExp) =>
      within(within(table).getByRole('row', { name: new RegExp(`^Select estimate #${number.source.slice(1)}`) }))
        .getAllByRole('cell')
        .slice(1);
    expect(cells(/^1007/).map((c) => c.textContent)).toEqual([
      '#1007-R1',
      '4/1/2025',
      'Green Acres Estate',
      'Spring Cleanup 2025',
      'In Progress',
      '$1,234.50',
    ]);
    expect(cells(/^1006/).map((c) => c.textContent)).toEqual([
      '#1006-R2',
      '3/15/2025',
      'Mercer Office Park',
      'Lot Sweep',
      'Client Proposal Phase',
      '$98,765.40',
    ]);
    expect(cells(/^1005/)[4]).toHaveTextContent('Contract Signed');
    expect(cells(/^1005/)[5]).toHaveTextContent('$0.00');
    expect(cells(/^1004/)[4]).toHaveTextContent('Estimate Lost');
    // Any other status shows N/A; a missing amount shows nothing.
    expect(cells(/^1003/).map((c) => c.textContent)).toEqual(['#1003-R1', '12/31/2024', 'Old Mill', 'Imported', 'N/A', '']);
    // Money lines up on the right.
    expect(cells(/^1007/)[5]).toHaveClass('MuiTableCell-alignRight');
    expect(within(table).getAllByRole('columnheader')[6]).toHaveClass('MuiTableCell-alignRight');
  });

  it('asks for the newest numbers first, 20 a page, archived ones hidden', async () => {
    renderList();
    await screen.findByText('Spring Cleanup 2025');
    expect(lastQuery()).toEqual({
      sortBy: 'estimate_number',
      sortDirection: 'DESC',
      limit: '20',
      offset: '0',
      'filter:estimate_is_archived': '[0]',
    });
  });

  it('Show Archive drops the archive filter, Hide Archive puts it back; a search keeps it', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Spring Cleanup 2025');
    await user.click(screen.getByRole('button', { name: 'Show Archive' }));
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('filter:estimate_is_archived'));
    expect(lastQuery()).toMatchObject({ sortBy: 'estimate_number', sortDirection: 'DESC' });

    await user.click(screen.getByRole('button', { name: 'Hide Archive' }));
    await waitFor(() => expect(lastQuery()).toHaveProperty('filter:estimate_is_archived', '[0]'));
    expect(screen.getByRole('button', { name: 'Show Archive' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search Estimates' }), 'green');
    await waitFor(() => expect(lastQuery()).toMatchObject({ searchTerm: 'green', 'filter:estimate_is_archived': '[0]' }));
  });

  it('opened from a link with a status filter (Home): that status, archived ones shown, named in a chip that clears it', async () => {
    const user = userEvent.setup();
    renderList(linkTo({ estimate_status: [2] }));
    await screen.findByText('Spring Cleanup 2025');
    await waitFor(() => expect(lastQuery()).toHaveProperty('filter:estimate_status', '[2]'));
    expect(lastQuery()).not.toHaveProperty('filter:estimate_is_archived');
    expect(screen.getByRole('button', { name: 'Hide Archive' })).toHaveAttribute('aria-pressed', 'true');

    const chip = screen.getByRole('button', { name: /Status: Contract Signed/ });
    await user.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('filter:estimate_status'));
    expect(screen.queryByText(/Status: Contract Signed/)).not.toBeInTheDocument();
  });

  it('a link that hides archived estimates keeps them hidden, and Show Archive drops its archive filter too', async () => {
    const user = userEvent.setup();
    renderList(linkTo({ estimate_status: [1], estimate_is_archived: [0] }));
    await screen.findByText('Spring Cleanup 2025');
    await waitFor(() => expect(lastQuery()).toMatchObject({ 'filter:estimate_status': '[1]', 'filter:estimate_is_archived': '[0]' }));
    await user.click(screen.getByRole('button', { name: 'Show Archive' }));
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('filter:estimate_is_archived'));
    expect(lastQuery()).toHaveProperty('filter:estimate_status', '[1]');
  });

  it("the Date column filters by year: the years since the oldest estimate's, any of them ticked", async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Spring Cleanup 2025');
    await user.click(screen.getByRole('button', { name: 'Filter Year' }));
    const popover = await screen.findByRole('group', { name: 'Year filter' });
    // The oldest estimate is asked for (the fake answers 2025-04-01 first); the years run to this one.
    const oldestQuery = requests.find((r) => r.path === '/api/estimates' && r.query.get('sortBy') === 'estimate_created_at');
    expect(oldestQuery?.query.get('sortDirection')).toBe('ASC');
    const thisYear = new Date().getFullYear();
    const years = within(popover)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')!.textContent);
    expect(years[0]).toBe(String(thisYear));
    expect(years.at(-1)).toBe('2025');
    expect(years).toHaveLength(thisYear - 2025 + 1);
    await user.click(within(popover).getByRole('checkbox', { name: '2025' }));
    await waitFor(() => expect(lastQuery()).toHaveProperty('filter:estimate_created_year', '[2025]'));
    expect(lastQuery()).toHaveProperty('filter:estimate_is_archived', '[0]');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Filter Year' })).toHaveTextContent('1');
  });

  it("filters by the services of the estimates' sites, from a Services button that counts them", async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Spring Cleanup 2025');
    await user.click(screen.getByRole('button', { name: 'Filter Services' }));
    const popover = await screen.findByRole('group', { name: 'Services filter' });
    await user.click(await within(popover).findByRole('checkbox', { name: 'Snow Plowing' }));
    await waitFor(() => expect(lastQuery()).toHaveProperty('filter:estimate_site_service', '[3]'));
    await user.click(within(popover).getByRole('checkbox', { name: 'Weekly Mowing' }));
    await waitFor(() => expect(lastQuery()).toHaveProperty('filter:estimate_site_service', '[3,4]'));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Filter Services' })).toHaveTextContent('Services (2)');
  });

  it('sorts by every column with its SPEC §9 key', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Spring Cleanup 2025');
    const keys: Record<string, string> = {
      Date: 'estimate_created_at',
      Customer: 'customer_name',
      'Project Name': 'estimate_project_name',
      Status: 'estimate_status',
      Subtotal: 'estimate_subtotal',
      Number: 'estimate_number',
    };
    for (const [header, key] of Object.entries(keys)) {
      await user.click(screen.getByRole('button', { name: header }));
      await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: key, sortDirection: 'ASC' }));
    }
    await user.click(screen.getByRole('button', { name: 'Number' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: 'estimate_number', sortDirection: 'DESC' }));
  });

  it('offers 20, 50 and 100 rows a page', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Spring Cleanup 2025');
    await user.click(screen.getByRole('combobox', { name: 'Items per page' }));
    const sizes = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toEqual(['20', '50', '100']);
    await user.click(screen.getByRole('option', { name: '100' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ limit: '100', offset: '0' }));
  });

  it('opens /estimates/{id}/detail from a row', async () => {
    const user = userEvent.setup();
    const { location } = renderList();
    await user.click(await screen.findByText('Lot Sweep'));
    await waitFor(() => expect(location()).toBe('/estimates/41/detail'));
  });
});
