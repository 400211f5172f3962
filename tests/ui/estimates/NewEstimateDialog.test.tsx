import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/sessionToken';
import { EstimateList } from '../../../src/resources/estimates/EstimateList';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { fakeFetch, json, makeToken, type FakeCall } from '../fakeApi';
import { renderAdmin, routes } from '../renderAdmin';
import { customer, customerSites, users } from './estimateApi';

const otherCustomer = { id: 6, name: 'Mercer Office Park', address1: '12 Main St', city: 'Trenton', state: 'NJ', zip: '08608', type: 0 };
const otherSites = [{ id: 20, customerID: 6, name: 'Back Lot', address1: '40 Oak Ave', city: 'Trenton', state: 'NJ', zip: '08601' }];

let calls: FakeCall[];

beforeEach(() => {
  // Signed in as Ada Lovelace (user 7).
  sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
  calls = fakeFetch(({ method, path, query }) => {
    if (method === 'GET' && path === '/api/estimates') return json(200, { estimates: [], count: 0 });
    if (method === 'GET' && path === '/api/users') return json(200, users);
    if (method === 'GET' && path === '/api/customers') {
      const term = (query.get('searchTerm') ?? '').toLowerCase();
      const found = [customer, otherCustomer].filter((c) => c.name.toLowerCase().includes(term));
      return json(200, { customers: found, count: found.length });
    }
    if (method === 'GET' && path === '/api/customers/5/sites') return json(200, { sites: customerSites, count: 2 });
    if (method === 'GET' && path === '/api/customers/6/sites') return json(200, { sites: otherSites, count: 1 });
    if (method === 'POST' && /^\/api\/sites\/\d+\/estimates$/.test(path)) return json(201, { id: 77 });
    return json(404, { message: `Not found: ${method} ${path}` });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderList() {
  return renderAdmin(routes({ '/estimates': <EstimateList />, '/estimates/:id/detail': <p>Estimate page</p> }), {
    dataProvider,
    authProvider,
    initialEntries: ['/estimates'],
  });
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'New Estimate' }));
  return screen.findByRole('dialog', { name: 'New Estimate' });
}

async function pickCustomer(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, typed: string, name: string) {
  const input = within(dialog).getByRole('combobox', { name: 'Customer' });
  await user.clear(input);
  await user.type(input, typed);
  await user.click(await screen.findByRole('option', { name }));
}

const select = (dialog: HTMLElement, name: string) => within(dialog).getByRole('combobox', { name });

describe('New Estimate modal', () => {
  it('has project name, customer, site, salesperson and estimator; both users default to the signed-in one', async () => {
    const user = userEvent.setup();
    renderList();
    const dialog = await openModal(user);
    expect(within(dialog).getByRole('textbox', { name: 'Project Name' })).toHaveValue('');
    expect(select(dialog, 'Customer')).toHaveValue('');
    expect(within(dialog).getByText('Choose a customer first.')).toBeInTheDocument();
    await waitFor(() => expect(select(dialog, 'Salesperson')).toHaveTextContent('Ada Lovelace'));
    expect(select(dialog, 'Estimator')).toHaveTextContent('Ada Lovelace');

    await user.click(select(dialog, 'Estimator'));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  it('preselects the first site of the picked customer, and follows a change of customer', async () => {
    const user = userEvent.setup();
    renderList();
    const dialog = await openModal(user);
    await pickCustomer(user, dialog, 'green', 'Green Acres Estate');
    await waitFor(() => expect(select(dialog, 'Site')).toHaveTextContent('North Field, 3 Farm Road'));
    await user.click(select(dialog, 'Site'));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['North Field, 3 Farm Road', 'South Lawn, 4 Farm Road']);
    await user.click(screen.getByRole('option', { name: 'South Lawn, 4 Farm Road' }));
    expect(select(dialog, 'Site')).toHaveTextContent('South Lawn, 4 Farm Road');

    await pickCustomer(user, dialog, 'mercer', 'Mercer Office Park');
    await waitFor(() => expect(select(dialog, 'Site')).toHaveTextContent('Back Lot, 40 Oak Ave'));
  });

  it('requires a project name of at most 150 characters, a customer and a site, and saves nothing', async () => {
    const user = userEvent.setup();
    renderList();
    const dialog = await openModal(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of ['Project Name is required.', 'Customer is required.', 'Site is required.']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Project Name' }), { target: { value: 'x'.repeat(151) } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Project Name cannot exceed 150 characters.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Picking a customer fills the site and clears its message.
    await pickCustomer(user, dialog, 'green', 'Green Acres Estate');
    await waitFor(() => expect(within(dialog).queryByText('Site is required.')).not.toBeInTheDocument());
  });

  it('creates the estimate under its site with the §7 body, then opens its detail', async () => {
    const user = userEvent.setup();
    const { location } = renderList();
    const dialog = await openModal(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Project Name' }), 'Spring Cleanup 2025');
    await pickCustomer(user, dialog, 'green', 'Green Acres Estate');
    await waitFor(() => expect(select(dialog, 'Site')).toHaveTextContent('North Field'));
    await user.click(select(dialog, 'Estimator'));
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(location()).toBe('/estimates/77/detail'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/sites/9/estimates');
    expect(post.body).toEqual({ siteID: 9, projectName: 'Spring Cleanup 2025', salesperson: 7, estimator: 8 });
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Estimate Saved' });
    expect(await screen.findByText('Estimate page')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the customer has no sites, and cannot save without one', async () => {
    const user = userEvent.setup();
    renderList();
    const dialog = await openModal(user);
    calls.length = 0;
    vi.unstubAllGlobals();
    calls = fakeFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/customers') return json(200, { customers: [otherCustomer], count: 1 });
      if (method === 'GET' && path === '/api/customers/6/sites') return json(200, { sites: [], count: 0 });
      return json(404, { message: 'Not found.' });
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Project Name' }), 'Lot Sweep');
    await pickCustomer(user, dialog, 'mer', 'Mercer Office Park');
    expect(await within(dialog).findByText('This customer has no sites yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Site is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
