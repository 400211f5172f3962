import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/sessionToken';
import { CustomerEdit } from '../../../src/resources/customers/CustomerEdit';
import { fakeFetch, json, makeToken, type FakeCall } from '../fakeApi';
import { renderAdmin, routes } from '../renderAdmin';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { customer, customerSites, storedEstimate, users } from './estimateApi';

const customerEstimates = [
  storedEstimate(),
  storedEstimate({
    id: 30,
    number: 990,
    projectName: 'Snow 2024/25',
    status: 3,
    subtotal: 4321.1,
    isArchived: true,
    createdAt: '2024-10-20T16:00:00.000Z',
  }),
];

let calls: FakeCall[];

beforeEach(() => {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
  calls = fakeFetch(({ method, path }) => {
    if (method === 'GET' && path === '/api/customers/5') return json(200, customer);
    if (method === 'GET' && path === '/api/customers/5/contacts') return json(200, { contacts: [], count: 0 });
    if (method === 'GET' && path === '/api/customers/5/estimates') return json(200, { estimates: customerEstimates, count: 2 });
    if (method === 'GET' && path === '/api/customers/5/sites') return json(200, { sites: customerSites, count: 2 });
    if (method === 'GET' && path === '/api/users') return json(200, users);
    if (method === 'POST' && path === '/api/sites/9/estimates') return json(201, { id: 78 });
    return json(404, { message: `Not found: ${method} ${path}` });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function openTab() {
  const rendered = renderAdmin(routes({ '/customers/:id': <CustomerEdit />, '/estimates/:id/detail': <p>Estimate page</p> }), {
    dataProvider,
    authProvider,
    initialEntries: ['/customers/5'],
  });
  fireEvent.click(await screen.findByRole('tab', { name: 'Estimates' }));
  return rendered;
}

describe("customer detail's Estimates tab", () => {
  it("lists the customer's estimates (archived too) with number, date, project name, status and subtotal", async () => {
    await openTab();
    const table = await screen.findByRole('table', { name: 'Estimates' });
    await within(table).findByText('Spring Cleanup 2025');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Number', 'Date', 'Project Name', 'Status', 'Subtotal']);
    const cells = (name: RegExp) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(/^#1007-R1/)).toEqual(['#1007-R1', '4/1/2025', 'Spring Cleanup 2025', 'In Progress', '$1,800.00']);
    // The archived one says so.
    expect(cells(/^#990-R1/)).toEqual(['#990-R1', '10/20/2024', 'Snow 2024/25Archived', 'Estimate Lost', '$4,321.10']);
    const request = calls.find((c) => c.path === '/api/customers/5/estimates')!;
    expect(Object.fromEntries(request.query)).toEqual({ sortBy: 'estimate_number', sortDirection: 'DESC' });
  });

  it('opens an estimate from its row', async () => {
    const { location } = await openTab();
    fireEvent.click(await screen.findByText('Snow 2024/25'));
    await waitFor(() => expect(location()).toBe('/estimates/30/detail'));
  });

  it('opens the New Estimate modal with the customer filled in and its first site chosen', async () => {
    const user = userEvent.setup();
    const { location } = await openTab();
    await screen.findByText('Spring Cleanup 2025');
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Estimate' });
    expect(within(dialog).getByRole('combobox', { name: 'Customer' })).toHaveValue('Green Acres Estate');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Site' })).toHaveTextContent('North Field'));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Salesperson' })).toHaveTextContent('Ada Lovelace'));

    await user.type(within(dialog).getByRole('textbox', { name: 'Project Name' }), 'Fall Cleanup');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/estimates/78/detail'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ siteID: 9, projectName: 'Fall Cleanup', salesperson: 7, estimator: 7 });
  });

  it('keeps the first site chosen when the Sites tab had loaded the same sites (Save works at once)', async () => {
    const user = userEvent.setup();
    await openTab();
    fireEvent.click(await screen.findByRole('tab', { name: 'Sites' }));
    await screen.findByText('South Lawn');
    fireEvent.click(screen.getByRole('tab', { name: 'Estimates' }));
    await screen.findByText('Spring Cleanup 2025');
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Estimate' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Salesperson' })).toHaveTextContent('Ada Lovelace'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/customers/5/sites')).toHaveLength(2));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Site' })).toHaveTextContent('North Field, 3 Farm Road'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Project Name' }), 'Fall Cleanup');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        siteID: 9,
        projectName: 'Fall Cleanup',
        salesperson: 7,
        estimator: 7,
      }),
    );
    expect(getAlertState().alert).not.toMatchObject({ message: 'Form is invalid.' });
  });

  it("offers the customer's current sites with the first chosen after the Sites tab was seen and a site was added since", async () => {
    // The Sites tab has loaded (and cached) the customer's sites; then a site is added.
    const user = userEvent.setup();
    await openTab();
    fireEvent.click(await screen.findByRole('tab', { name: 'Sites' }));
    await screen.findByText('South Lawn');
    const added = { id: 11, customerID: 5, name: 'Arbor Court', address1: '2 Farm Road', city: 'Trenton', state: 'NJ', zip: '08601' };
    vi.unstubAllGlobals();
    calls = fakeFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/customers/5') return json(200, customer);
      if (method === 'GET' && path === '/api/customers/5/estimates') return json(200, { estimates: customerEstimates, count: 2 });
      if (method === 'GET' && path === '/api/customers/5/sites') return json(200, { sites: [added, ...customerSites], count: 3 });
      if (method === 'GET' && path === '/api/users') return json(200, users);
      if (method === 'POST' && path === '/api/sites/11/estimates') return json(201, { id: 79 });
      return json(404, { message: `Not found: ${method} ${path}` });
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Estimates' }));
    await screen.findByText('Spring Cleanup 2025');
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Estimate' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Site' })).toHaveTextContent('Arbor Court, 2 Farm Road'));
    // It stays chosen (nothing resets it under the form), so the first Save goes through.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Salesperson' })).toHaveTextContent('Ada Lovelace'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Project Name' }), 'Fall Cleanup');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        siteID: 11,
        projectName: 'Fall Cleanup',
        salesperson: 7,
        estimator: 7,
      }),
    );
  });

  it('says when there are none', async () => {
    vi.unstubAllGlobals();
    fakeFetch(({ path }) => {
      if (path === '/api/customers/5') return json(200, customer);
      if (path === '/api/customers/5/contacts') return json(200, { contacts: [], count: 0 });
      if (path === '/api/customers/5/estimates') return json(200, { estimates: [], count: 0 });
      return json(404, { message: 'Not found.' });
    });
    await openTab();
    expect(await screen.findByText('No estimates found.')).toBeInTheDocument();
  });
});
