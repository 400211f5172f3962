import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import { EntityListPage } from '../../../src/admin/generic/EntityListPage';
import { sites } from '../../../src/schema';
import { fakeDataProvider, renderAdmin, routes } from '../renderAdmin';

const clubhouse = (id: number, customerName: string) => ({
  id,
  version: 1,
  customerID: id * 10,
  customerName,
  name: 'Clubhouse',
  address1: `${id} Green Way`,
  address2: null,
  city: 'Cherry Hill',
  county: 'Camden',
  state: 'NJ',
  zip: '08002',
  notes: null,
});

describe('the sites list', () => {
  it("shows each site's customer in a Customer column, sortable by customer_name", async () => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({
      data: [clubhouse(1, 'Zephyr HOA'), clubhouse(2, 'Acme Condos')],
      total: 2,
    }));
    renderAdmin(routes({ '/sites': <EntityListPage entity={sites} />, '/sites/:id': <p>Site detail</p> }), {
      dataProvider: fakeDataProvider({ getList }),
      initialEntries: ['/sites'],
    });
    await screen.findByText('Zephyr HOA');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    // After the checkbox that ticks a row for the bulk actions (issue 25).
    expect(headers.slice(0, 3)).toEqual(['', 'Name', 'Customer']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual(['Zephyr HOA', 'Acme Condos']);
    const customerHeader = screen.getByRole('columnheader', { name: 'Customer' });
    await userEvent.click(customerHeader.querySelector('button, [role="button"]') ?? within(customerHeader).getByText('Customer'));
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('sites', expect.objectContaining({ sort: { field: 'customer_name', order: 'ASC' } })),
    );
  });
});
