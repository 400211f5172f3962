import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/dataProvider';
import { CustomerContactsTab } from '../../../src/resources/contacts/CustomerContactsTab';
import { fakeFetch, json, noContent, type FakeCall } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';

const ada = {
  id: 3,
  customerID: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: null,
  phoneExtension: null,
  email: null,
  version: 4,
};

/** The contacts tab through the real data provider: the routes of SPEC §7 "Contacts". */
describe('contact requests on the wire', () => {
  let calls: FakeCall[];

  beforeEach(() => {
    calls = fakeFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/customers/7/contacts') return json(200, { contacts: [ada], count: 1 });
      if (method === 'POST' && path === '/api/customers/7/contacts') return json(201, { id: 11 });
      if (method === 'PUT' && path === '/api/contacts/3') return json(200, { ...ada, version: 5 });
      if (method === 'DELETE' && path === '/api/contacts/3') return noContent();
      return json(404, { message: 'Not found.' });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderTab() {
    renderAdmin(<CustomerContactsTab customerId={7} />, { dataProvider, initialEntries: ['/customers/7'] });
  }

  it('reads every contact of the customer, sorted by last name, without a page limit', async () => {
    renderTab();
    await screen.findByText('Lovelace');
    const list = calls.find((c) => c.method === 'GET')!;
    expect(list.path).toBe('/api/customers/7/contacts');
    expect(Object.fromEntries(list.query)).toEqual({ sortBy: 'contact_last_name', sortDirection: 'ASC' });
  });

  it('posts a new contact under the customer and reloads the table', async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByText('Lovelace');
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Contact' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Last Name' }), 'Hopper');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/customers/7/contacts')).toHaveLength(2));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/customers/7/contacts');
    expect(post.body).toMatchObject({ customerID: 7, lastName: 'Hopper' });
  });

  it('puts an edited contact with its version, and deletes by id', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByText('Lovelace'));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Contact' });
    await user.type(within(dialog).getByRole('textbox', { name: 'First Name' }), ' King');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ id: 3, firstName: 'Ada King', version: 4 });

    await user.click(await screen.findByText('Lovelace'));
    dialog = await screen.findByRole('dialog', { name: 'Edit Contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/contacts/3')).toBe(true));
  });
});
