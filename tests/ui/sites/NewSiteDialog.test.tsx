import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateParams, GetListParams, RaRecord } from 'react-admin';
import { CustomerSitesTab } from '../../../src/resources/sites/CustomerSitesTab';
import { sites } from '../../../src/schema';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { fakeDataProvider, renderAdmin } from '../renderAdmin';
import { AppListScreen } from '../appScreens';
import { greenAcres, northField } from '../officeRecords';

const SiteList = () => <AppListScreen entity={sites} />;

const customer = greenAcres;
const site = northField;
const manyCustomers = Array.from({ length: 10 }, (_, i) => ({
  ...customer,
  id: 100 + i,
  name: `Customer ${i}`,
  address1: `${i} Elm St`,
  city: 'Camden',
  state: 'NJ',
}));

function renderScreen(screenElement: React.ReactNode, initialPath: string) {
  const create = vi.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 77 } as RaRecord }));
  const getList = vi.fn(async (resource: string, _params: GetListParams) =>
    resource === 'customers' ? { data: manyCustomers, total: 40 } : { data: [site], total: 1 },
  );
  const dataProvider = fakeDataProvider({
    getOne: async () => ({ data: customer }),
    getList,
    getManyReference: async () => ({ data: [site], total: 1 }),
    create,
  });
  const { location } = renderAdmin(screenElement, { dataProvider, initialEntries: [initialPath] });
  return { create, getList, location };
}

const customerSearches = (getList: ReturnType<typeof renderScreen>['getList']) =>
  getList.mock.calls.filter(([resource]) => resource === 'customers').map(([, params]) => params);

describe("customer detail's Sites tab", () => {
  it('lists the sites with name, address 1, address 2, city, county, state and zip; a row opens the site', async () => {
    const { location } = renderScreen(<CustomerSitesTab customerId={5} />, '/customers/5');
    const table = await screen.findByRole('table', { name: 'Sites' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Address 1', 'Address 2', 'City', 'County', 'State', 'Zip']);
    const row = await within(table).findByRole('row', { name: /North Field/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['North Field', '3 Farm Road', '', 'Trenton', 'Mercer', 'NJ', '08601']);
    fireEvent.click(row);
    await waitFor(() => expect(location()).toBe('/sites/9'));
  });

  it('opens the New Site modal with the customer chosen and its address copied', async () => {
    const { create, location } = renderScreen(<CustomerSitesTab customerId={5} />, '/customers/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Site' });
    expect(within(dialog).getByRole('combobox', { name: 'Customer' })).toHaveValue('Green Acres Estate');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(dialog).getByLabelText('Address 1')).toHaveValue('1 Farm Road');
    expect(within(dialog).getByRole('textbox', { name: 'Address 2' })).toHaveValue('Barn 2');
    expect(within(dialog).getByRole('textbox', { name: 'City' })).toHaveValue('Trenton');
    expect(within(dialog).getByRole('textbox', { name: 'County' })).toHaveValue('Mercer');
    expect(within(dialog).getByRole('combobox', { name: 'State' })).toHaveTextContent('New Jersey');
    expect(within(dialog).getByRole('textbox', { name: 'Zip' })).toHaveValue('08601');
    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveValue('');

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'South Lawn' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), { target: { value: 'Dog in yard' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(location()).toBe('/sites/77'));
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0][0]).toBe('sites');
    expect(create.mock.calls[0][1].data).toMatchObject({
      customerID: 5,
      name: 'South Lawn',
      address1: '1 Farm Road',
      address2: 'Barn 2',
      city: 'Trenton',
      county: 'Mercer',
      state: 'NJ',
      zip: '08601',
      notes: 'Dog in yard',
    });
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Site Saved' });
  });
});

describe('Sites list and its New Site modal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("has 'New Site', 'Search Sites' and the sortable columns", async () => {
    renderScreen(<SiteList />, '/sites');
    expect(await screen.findByRole('button', { name: 'New Site' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search Sites')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['', 'Name', 'Customer', 'Address 1', 'Address 2', 'City', 'State', 'Zip']);
  });

  it('requires a customer and the other fields, and saves nothing', async () => {
    const { create } = renderScreen(<SiteList />, '/sites');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New Site' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Site' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), { target: { value: 'x'.repeat(65536) } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of [
      'Customer is required.',
      'Name is required.',
      'Address 1 is required.',
      'City is required.',
      'State is required.',
      'Notes cannot exceed 65535 characters.',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    expect(create).not.toHaveBeenCalled();
  });

  it('searches customers 200 ms after typing and on focus, asking for 10, and copies the picked one', async () => {
    const { getList, create, location } = renderScreen(<SiteList />, '/sites');
    fireEvent.click(await screen.findByRole('button', { name: 'New Site' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Site' });
    const input = within(dialog).getByRole('combobox', { name: 'Customer' });
    const before = customerSearches(getList).length;

    vi.useFakeTimers();
    fireEvent.focus(input);
    await act(async () => vi.advanceTimersByTimeAsync(199));
    expect(customerSearches(getList)).toHaveLength(before);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(customerSearches(getList)).toHaveLength(before + 1);
    expect(customerSearches(getList).at(-1)).toMatchObject({ pagination: { page: 1, perPage: 10 }, filter: {} });

    fireEvent.change(input, { target: { value: 'Cus' } });
    await act(async () => vi.advanceTimersByTimeAsync(100));
    fireEvent.change(input, { target: { value: 'Custo' } });
    await act(async () => vi.advanceTimersByTimeAsync(199));
    expect(customerSearches(getList)).toHaveLength(before + 1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(customerSearches(getList)).toHaveLength(before + 2);
    expect(customerSearches(getList).at(-1)).toMatchObject({ pagination: { page: 1, perPage: 10 }, filter: { q: 'Custo' } });
    vi.useRealTimers();

    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(10);
    fireEvent.click(screen.getByRole('option', { name: 'Customer 3' }));
    expect(input).toHaveValue('Customer 3');
    // A blank modal takes the picked customer's address.
    expect(within(dialog).getByLabelText('Address 1')).toHaveValue('3 Elm St');
    expect(within(dialog).getByRole('textbox', { name: 'City' })).toHaveValue('Camden');

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Depot' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/sites/77'));
    expect(create.mock.calls[0][1].data).toMatchObject({
      customerID: 103,
      name: 'Depot',
      address1: '3 Elm St',
      city: 'Camden',
      state: 'NJ',
    });
  });
});
