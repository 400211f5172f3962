import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EditBase, Form, HttpError, ResourceContextProvider, SaveButton, TextInput } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { onFailedCall } from '../../../src/providers/failedCalls';
import { dataProvider } from '../../../src/providers/dataProvider';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, noContent } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';

afterEach(() => vi.unstubAllGlobals());

const list = { pagination: { page: 1, perPage: 20 }, sort: { field: 'customer_name', order: 'ASC' as const }, filter: {} };

describe('getList → the API list query', () => {
  it.each([
    [1, 20, 0],
    [2, 20, 20],
    [3, 20, 40],
    [2, 50, 50],
    [4, 100, 300],
  ])('page %i of %i rows asks offset %i', async (page, perPage, offset) => {
    const calls = fakeFetch(() => json(200, { customers: [], count: 0 }));
    await dataProvider.getList('customers', { ...list, pagination: { page, perPage } });
    expect(calls[0].path).toBe('/api/customers');
    expect(calls[0].query.get('limit')).toBe(String(perPage));
    expect(calls[0].query.get('offset')).toBe(String(offset));
  });

  it('sends sort key and direction, taking a field name or the key itself', async () => {
    const calls = fakeFetch(() => json(200, { customers: [], count: 0 }));
    await dataProvider.getList('customers', { ...list, sort: { field: 'customer_city', order: 'DESC' } });
    await dataProvider.getList('customers', { ...list, sort: { field: 'name', order: 'ASC' } });
    expect([calls[0].query.get('sortBy'), calls[0].query.get('sortDirection')]).toEqual(['customer_city', 'DESC']);
    expect([calls[1].query.get('sortBy'), calls[1].query.get('sortDirection')]).toEqual(['customer_name', 'ASC']);
  });

  it("leaves the sort to the server for react-admin's default 'id'", async () => {
    const calls = fakeFetch(() => json(200, { customers: [], count: 0 }));
    await dataProvider.getList('customers', { ...list, sort: { field: 'id', order: 'ASC' } });
    expect(calls[0].query.has('sortBy')).toBe(false);
    expect(calls[0].query.has('sortDirection')).toBe(false);
  });

  it('turns q into searchTerm and other filters into filter:<column> JSON', async () => {
    const calls = fakeFetch(() => json(200, { customers: [], count: 0 }));
    await dataProvider.getList('customers', { ...list, filter: { q: '  oak ', state: ['NJ', 'PA'], customer_type: 1 } });
    const { query } = calls[0];
    expect(query.get('searchTerm')).toBe('oak');
    expect(query.get('filter:customer_state')).toBe('["NJ","PA"]');
    expect(query.get('filter:customer_type')).toBe('1');
  });

  it('sends no searchTerm for a blank search', async () => {
    const calls = fakeFetch(() => json(200, { customers: [], count: 0 }));
    await dataProvider.getList('customers', { ...list, filter: { q: '   ' } });
    expect(calls[0].query.has('searchTerm')).toBe(false);
  });

  it('reads rows from the list key and the total from count', async () => {
    const rows = [{ id: 1, name: 'Acme' }];
    fakeFetch(() => json(200, { customers: rows, count: 41 }));
    await expect(dataProvider.getList('customers', list)).resolves.toEqual({ data: rows, total: 41 });
  });

  it('says so when the answer lacks the list key', async () => {
    fakeFetch(() => json(200, { rows: [] }));
    await expect(dataProvider.getList('customers', list)).rejects.toThrow('The server\'s customers list has no "customers" array.');
  });

  it('refuses a resource that src/schema does not declare', async () => {
    await expect(dataProvider.getList('unicorns', list)).rejects.toThrow('Unknown entity unicorns');
  });
});

describe('nested resources', () => {
  it('lists contacts of a customer under the customer', async () => {
    const calls = fakeFetch(() => json(200, { contacts: [{ id: 3 }], count: 1 }));
    const result = await dataProvider.getManyReference('contacts', {
      target: 'customerID',
      id: 12,
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'contact_last_name', order: 'ASC' },
      filter: {},
    });
    expect(calls[0].path).toBe('/api/customers/12/contacts');
    expect(calls[0].query.get('offset')).toBe('20');
    expect(result).toEqual({ data: [{ id: 3 }], total: 1 });
  });

  it('creates a contact under its customer and a customer at the top', async () => {
    const calls = fakeFetch(() => json(201, { id: 44 }));
    const contact = await dataProvider.create('contacts', { data: { customerID: 12, lastName: 'Doe' } });
    const customer = await dataProvider.create('customers', { data: { name: 'Acme' } });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/customers/12/contacts', 'POST /api/customers']);
    expect(calls[0].body).toEqual({ customerID: 12, lastName: 'Doe' });
    expect(contact.data).toEqual({ customerID: 12, lastName: 'Doe', id: 44 });
    expect(customer.data.id).toBe(44);
  });

  it('refuses a nested create without the parent id, sending nothing', async () => {
    const calls = fakeFetch(() => json(201, { id: 1 }));
    await expect(dataProvider.create('contacts', { data: { lastName: 'Doe' } })).rejects.toThrow('A new contact needs its customerID.');
    expect(calls).toHaveLength(0);
  });
});

describe('single records', () => {
  it('gets, updates with the version read, and deletes', async () => {
    const calls = fakeFetch((call) => {
      if (call.method === 'GET') return json(200, { id: 5, name: 'Acme', version: 3 });
      if (call.method === 'PUT') return json(200, { ...(call.body as object), version: 4 });
      return noContent();
    });
    const { data } = await dataProvider.getOne('customers', { id: 5 });
    const updated = await dataProvider.update('customers', { id: 5, data: { name: 'Acme Lawn' }, previousData: data });
    await dataProvider.delete('customers', { id: 5, previousData: updated.data });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/customers/5', 'PUT /api/customers/5', 'DELETE /api/customers/5']);
    expect(calls[1].body).toEqual({ id: 5, name: 'Acme Lawn', version: 3 });
    expect(updated.data).toMatchObject({ name: 'Acme Lawn', version: 4 });
  });

  it('answers a 409 with a rejected update, announced for the notification path to show', async () => {
    const message = 'This customer was changed by someone else.';
    fakeFetch(() => json(409, { message }));
    const announced: HttpError[] = [];
    const stop = onFailedCall((failure) => announced.push(failure));
    const error = await dataProvider
      .update('customers', { id: 5, data: { name: 'Mine' }, previousData: { id: 5, version: 2 } })
      .catch((e: unknown) => e);
    stop();
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(409);
    expect((error as HttpError).message).toBe(message);
    expect(announced).toEqual([error]);
    // The data provider shows nothing itself.
    expect(getAlertState().alert).toBeNull();
  });
});

describe('custom methods', () => {
  it('getUsers reads GET /api/users', async () => {
    const users = [{ id: 1, username: 'admin', firstName: 'Ann', lastName: 'Admin' }];
    const calls = fakeFetch(() => json(200, { users }));
    await expect(dataProvider.getUsers()).resolves.toEqual(users);
    fakeFetch(() => json(200, users));
    await expect(dataProvider.getUsers()).resolves.toEqual(users);
    expect(calls[0].path).toBe('/api/users');
  });

  it('changePassword puts the three fields to /api/users/password', async () => {
    const change = { currentPassword: 'old-pass-1', newPassword: 'new-pass-12', confirmNewPassword: 'new-pass-12' };
    const calls = fakeFetch(() => noContent());
    await dataProvider.changePassword(change);
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/users/password', body: change });
  });

  it('request calls any path under /api and refuses one without a leading slash', async () => {
    const calls = fakeFetch(() => json(200, { services: [] }));
    await expect(dataProvider.request('GET', '/insights/services')).resolves.toEqual({ services: [] });
    expect(calls[0].path).toBe('/api/insights/services');
    await expect(dataProvider.request('GET', 'insights')).rejects.toThrow('API paths start with "/", got "insights".');
    expect(calls).toHaveLength(1);
  });
});

describe('a 409 on an edit form', () => {
  it("shows the server's message as a warning and keeps the user's edits", async () => {
    allowFailedCallLogs(409);
    const message = 'This customer was changed by someone else. Reload it to see the changes.';
    const calls = fakeFetch((call) => (call.method === 'GET' ? json(200, { id: 5, name: 'Acme', version: 3 }) : json(409, { message })));
    renderAdmin(
      <ResourceContextProvider value="customers">
        <EditBase id={5} mutationMode="pessimistic" redirect={false}>
          <Form>
            <TextInput source="name" />
            <SaveButton />
          </Form>
        </EditBase>
      </ResourceContextProvider>,
      { dataProvider, alerts: true },
    );
    const name = await screen.findByDisplayValue('Acme');
    fireEvent.change(name, { target: { value: 'Acme Lawn Care' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Warning')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    // react-admin's own error notification for the failure did not replace the warning.
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message });
    expect(screen.getByDisplayValue('Acme Lawn Care')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { id: 5, name: 'Acme Lawn Care', version: 3 } });
  });
});
