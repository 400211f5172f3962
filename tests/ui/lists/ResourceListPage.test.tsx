import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import { customers } from '../../../src/schema';
import { ResourceListPage } from '../../../src/admin/lists/ResourceListPage';
import { fakeDataProvider, renderAdmin } from '../renderAdmin';

function rows(count: number, from = 1) {
  return Array.from({ length: count }, (_, i) => ({
    id: from + i,
    name: `Customer ${from + i}`,
    address1: `${from + i} Main St`,
    address2: null,
    city: 'Trenton',
    state: 'NJ',
    zip: '08601',
  }));
}

function renderList({ total = 3, initialEntry = '/customers' } = {}) {
  const getList = vi.fn(async (_resource: string, params: GetListParams) => {
    const { page, perPage } = params.pagination!;
    const count = Math.max(0, Math.min(perPage, total - (page - 1) * perPage));
    return { data: rows(count, (page - 1) * perPage + 1), total };
  });
  const { location } = renderAdmin(<ResourceListPage entity={customers} title="Customers" searchPlaceholder="Search Customers" />, {
    dataProvider: fakeDataProvider({ getList }),
    initialEntries: [initialEntry],
  });
  return { getList, location, lastParams: () => getList.mock.lastCall![1] };
}

describe('ResourceListPage (shared list behaviour)', () => {
  it('asks for page 1 of 20 rows sorted by the entity default, and shows the declared columns', async () => {
    const { lastParams } = renderList();
    await screen.findByText('Customer 1');
    expect(lastParams()).toMatchObject({
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'customer_name', order: 'ASC' },
      filter: {},
    });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Address 1', 'Address 2', 'City', 'State', 'Zip']);
  });

  it('toggles the same column between ASC and DESC and starts another column ASC', async () => {
    const user = userEvent.setup();
    const { lastParams } = renderList();
    await screen.findByText('Customer 1');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastParams().sort).toEqual({ field: 'customer_name', order: 'DESC' }));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastParams().sort).toEqual({ field: 'customer_name', order: 'ASC' }));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastParams().sort).toEqual({ field: 'customer_name', order: 'DESC' }));

    await user.click(screen.getByRole('button', { name: 'City' }));
    await waitFor(() => expect(lastParams().sort).toEqual({ field: 'customer_city', order: 'ASC' }));
    expect(screen.getByRole('columnheader', { name: 'City' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('pages through the paginator and goes back to page 1 when the page size changes', async () => {
    const user = userEvent.setup();
    const { lastParams } = renderList({ total: 95 });
    await screen.findByText('Customer 1');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /Go to page/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);

    await user.click(within(nav).getByRole('button', { name: 'Go to page 3' }));
    await screen.findByText('Customer 41');
    expect(lastParams().pagination).toEqual({ page: 3, perPage: 20 });
    expect(within(nav).getByRole('button', { name: 'Go to page 3' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('button', { name: 'Go to last page' }));
    await screen.findByText('Customer 81');
    expect(lastParams().pagination).toEqual({ page: 5, perPage: 20 });
    expect(within(nav).getByRole('button', { name: 'Go to next page' })).toBeDisabled();

    await user.click(within(nav).getByRole('button', { name: 'Go to previous page' }));
    await waitFor(() => expect(lastParams().pagination).toEqual({ page: 4, perPage: 20 }));

    await user.click(screen.getByRole('combobox', { name: 'Items per page' }));
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastParams().pagination).toEqual({ page: 1, perPage: 50 }));
    expect(
      within(nav)
        .getAllByRole('button', { name: /Go to page/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2']);
    expect(within(nav).getByRole('button', { name: 'Go to first page' })).toBeDisabled();
  });

  it('offers 20, 50 and 100 rows per page', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Customer 1');
    await user.click(screen.getByRole('combobox', { name: 'Items per page' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['20', '50', '100']);
  });

  it('shows boundary pages and ellipses on a long list', async () => {
    const user = userEvent.setup();
    renderList({ total: 600 });
    await screen.findByText('Customer 1');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pageButtons = () =>
      within(nav)
        .getAllByRole('button', { name: /Go to page/ })
        .map((b) => b.textContent);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '30']);
    expect(within(nav).getAllByText('…')).toHaveLength(1);

    await user.click(within(nav).getByRole('button', { name: 'Go to page 10' }));
    await screen.findByText('Customer 181');
    expect(pageButtons()).toEqual(['1', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '30']);
    expect(within(nav).getAllByText('…')).toHaveLength(2);
  });

  it('searches with q after typing stops, dropping column filters, back to page 1', async () => {
    const user = userEvent.setup();
    const filter = encodeURIComponent(JSON.stringify({ customer_city: 'Trenton' }));
    const { lastParams } = renderList({ total: 95, initialEntry: `/customers?filter=${filter}&page=2` });
    await screen.findByText('Customer 21');
    expect(lastParams().filter).toEqual({ customer_city: 'Trenton' });

    await user.type(screen.getByRole('searchbox', { name: 'Search Customers' }), 'land');
    await waitFor(() => expect(lastParams().filter).toEqual({ q: 'land' }));
    expect(lastParams().pagination).toEqual({ page: 1, perPage: 20 });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search Customers' }), { target: { value: '  ' } });
    await waitFor(() => expect(lastParams().filter).toEqual({}));
  });

  it('opens the record when a row is clicked', async () => {
    const user = userEvent.setup();
    const { location } = renderList();
    await user.click(await screen.findByText('Customer 2'));
    await waitFor(() => expect(location()).toBe('/customers/2'));
  });

  it('says so when nothing matches', async () => {
    renderList({ total: 0 });
    expect(await screen.findByText('No customers found.')).toBeInTheDocument();
  });
});
