import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/dataProvider';
import { CustomerEdit } from '../../../src/resources/customers/CustomerEdit';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, type FakeCall } from '../fakeApi';
import { renderAdmin, routes } from '../renderAdmin';

const customer = {
  id: 5,
  name: 'Green Acres Estate',
  type: 0,
  address1: '1 Farm Road',
  address2: null,
  city: 'Trenton',
  county: null,
  state: 'NJ',
  zip: '08601',
  version: 3,
};
const STALE = 'This customer was changed by someone else; reload to see the changes.';
const HAS_ESTIMATES = 'Green Acres Estate cannot be deleted: it has 2 estimates.';

/** The detail screen over the real data provider, against a server that refuses writes with 409. */
describe('Customer detail when the server answers 409', () => {
  let calls: FakeCall[];

  beforeEach(() => {
    allowFailedCallLogs(409);
    calls = fakeFetch(({ method, path }) => {
      if (method === 'GET' && path === '/api/customers/5') return json(200, customer);
      // Nothing blocks the delete when it is asked: the estimates arrive in the meantime.
      if (method === 'GET' && path === '/api/customers/5/deleteImpact') return json(200, { deletes: [], blockedBy: [] });
      if (method === 'GET' && path === '/api/customers/5/contacts') return json(200, { contacts: [], count: 0 });
      if (method === 'PUT') return json(409, { message: STALE });
      if (method === 'DELETE') return json(409, { message: HAS_ESTIMATES });
      return json(404, { message: 'Not found.' });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderDetail() {
    return renderAdmin(routes({ '/customers/:id': <CustomerEdit /> }), { dataProvider, initialEntries: ['/customers/5'] });
  }

  it('shows the stale-version message and keeps the edits on screen', async () => {
    const user = userEvent.setup();
    renderDetail();
    await screen.findByRole('heading', { name: 'Green Acres Estate' });
    const city = screen.getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Ewing');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: STALE }));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/customers/5');
    expect(put.body).toMatchObject({ city: 'Ewing', version: 3 });
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Ewing');
  });

  it('shows why a delete was refused and stays on the customer', async () => {
    const user = userEvent.setup();
    const { location } = renderDetail();
    await screen.findByRole('heading', { name: 'Green Acres Estate' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: HAS_ESTIMATES }));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/customers/5')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/customers/5');
    expect(screen.getByRole('heading', { name: 'Green Acres Estate' })).toBeInTheDocument();
  });
});
