import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customers } from '../../../src/schema';
import { dataProvider } from '../../../src/providers/dataProvider';
import { ResourceListPage } from '../../../src/admin/lists/ResourceListPage';
import { fakeFetch, json, type FakeCall } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';

/** The list screen through the real data provider: what actually goes to GET /api/customers. */
describe('list requests on the wire', () => {
  let requests: FakeCall[];

  beforeEach(() => {
    requests = fakeFetch(({ query }) => {
      const limit = Number(query.get('limit'));
      const offset = Number(query.get('offset'));
      const total = 95;
      const count = Math.max(0, Math.min(limit, total - offset));
      const rows = Array.from({ length: count }, (_, i) => ({ id: offset + i + 1, name: `Customer ${offset + i + 1}` }));
      return json(200, { customers: rows, count: total });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  // The list's own requests (the screen also reads the customers' custom fields once).
  const listRequests = () => requests.filter((request) => request.path === '/api/customers');
  const lastQuery = () => Object.fromEntries(listRequests()[listRequests().length - 1].query);

  function renderCustomers() {
    renderAdmin(<ResourceListPage entity={customers} title="Customers" searchPlaceholder="Search Customers" />, {
      dataProvider,
      initialEntries: ['/customers'],
    });
  }

  it('sends sortBy, sortDirection, limit and offset = size × (page − 1)', async () => {
    const user = userEvent.setup();
    renderCustomers();
    await screen.findByText('Customer 1');
    expect(listRequests()).toHaveLength(1);
    expect(lastQuery()).toEqual({ sortBy: 'customer_name', sortDirection: 'ASC', limit: '20', offset: '0' });

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    await user.click(within(nav).getByRole('button', { name: 'Go to page 3' }));
    await screen.findByText('Customer 41');
    expect(lastQuery()).toMatchObject({ limit: '20', offset: '40' });

    await user.click(screen.getByRole('combobox', { name: 'Items per page' }));
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ limit: '50', offset: '0' }));
    await user.click(within(nav).getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ limit: '50', offset: '50' }));

    await user.click(screen.getByRole('button', { name: 'Zip' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: 'customer_zip', sortDirection: 'ASC' }));
    await user.click(screen.getByRole('button', { name: 'Zip' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: 'customer_zip', sortDirection: 'DESC' }));
  });

  it('sends the search as searchTerm', async () => {
    const user = userEvent.setup();
    renderCustomers();
    await screen.findByText('Customer 1');
    await user.type(screen.getByRole('searchbox', { name: 'Search Customers' }), 'green acres');
    await waitFor(() => expect(lastQuery()).toMatchObject({ searchTerm: 'green acres', offset: '0' }));
  });
});
