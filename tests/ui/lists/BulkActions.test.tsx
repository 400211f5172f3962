import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customers, sites } from '../../../src/schema';
import { dataProvider } from '../../../src/providers/dataProvider';
import { EstimateList } from '../../../src/resources/estimates/EstimateList';
import { fakeFetch, json, type FakeCall, type FakeHandler } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';
import { AppListScreen } from '../appScreens';

/** The bulk actions of the lists: the confirmation before a delete, and one request per action. */
describe('bulk actions', () => {
  afterEach(() => vi.unstubAllGlobals());

  const bulkCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/bulk'));

  function serve(lists: Record<string, unknown>, bulk: FakeHandler): FakeCall[] {
    return fakeFetch((call) => {
      if (call.method === 'POST' && call.path.endsWith('/bulk')) return bulk(call);
      if (call.path in lists) return json(200, lists[call.path]);
      if (call.path === '/api/users') return json(200, []);
      return json(200, {});
    });
  }

  const customerRows = [
    { id: 1, name: 'Acme Lawns' },
    { id: 2, name: 'Busy Co' },
    { id: 3, name: 'Cedar Farm' },
  ];

  it('delete: the confirmation sums up what goes and names the rows kept, then one request deletes', async () => {
    const user = userEvent.setup();
    const calls = serve({ '/api/customers': { customers: customerRows, count: 3 } }, (call) => {
      const { action } = call.body as { action: string };
      const kept = [{ id: 2, name: 'Busy Co', reason: 'it has 2 estimates' }];
      if (action === 'deleteImpact') {
        return json(200, { done: [1], kept, deletes: [{ name: 'sites', singular: 'site', plural: 'sites', count: 2 }] });
      }
      return json(200, { done: [1], kept });
    });
    renderAdmin(<AppListScreen entity={customers} />, { dataProvider, initialEntries: ['/customers'], alerts: true });
    await screen.findByText('Acme Lawns');
    await user.click(screen.getByRole('checkbox', { name: 'Select customer Acme Lawns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select customer Busy Co' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected rows' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete 1 customer? Its 2 sites will be deleted too. 1 will be kept: it has 2 estimates (Busy Co).');
    expect(bulkCalls(calls).map((c) => c.body)).toEqual([{ action: 'deleteImpact', ids: [1, 2] }]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bulkCalls(calls)).toHaveLength(2));
    expect(bulkCalls(calls)[1].path).toBe('/api/customers/bulk');
    expect(bulkCalls(calls)[1].body).toEqual({ action: 'delete', ids: [1, 2] });
    expect(await screen.findByText('1 deleted, 1 kept: it has 2 estimates (Busy Co)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Actions on the selected rows' })).toBeNull());
  });

  it('delete: when nothing can go, the confirmation says why and Delete stays disabled', async () => {
    const user = userEvent.setup();
    const calls = serve({ '/api/customers': { customers: customerRows, count: 3 } }, () =>
      json(200, { done: [], kept: [{ id: 2, name: 'Busy Co', reason: 'it has 2 estimates' }], deletes: [] }),
    );
    renderAdmin(<AppListScreen entity={customers} />, { dataProvider, initialEntries: ['/customers'], alerts: true });
    await screen.findByText('Busy Co');
    await user.click(screen.getByRole('checkbox', { name: 'Select customer Busy Co' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('None of the selected customers can be deleted. 1 will be kept: it has 2 estimates (Busy Co).');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bulkCalls(calls)).toHaveLength(1);
  });

  it('sites: assigns one service to the ticked sites in one request', async () => {
    const user = userEvent.setup();
    const siteRows = [
      { id: 4, name: 'North Yard' },
      { id: 5, name: 'South Yard' },
      { id: 6, name: 'East Yard' },
    ];
    const calls = serve(
      {
        '/api/sites': { sites: siteRows, count: 3 },
        '/api/services': { services: [{ id: 9, name: 'Snow Removal' }] },
      },
      () => json(200, { done: [4, 6], kept: [] }),
    );
    renderAdmin(<AppListScreen entity={sites} />, { dataProvider, initialEntries: ['/sites'], alerts: true });
    await screen.findByText('North Yard');
    await user.click(screen.getByRole('checkbox', { name: 'Select site North Yard' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select site East Yard' }));
    await user.click(screen.getByRole('button', { name: 'Services…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Services of 2 sites' });
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Service' }));
    await user.click(await screen.findByRole('option', { name: 'Snow Removal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(bulkCalls(calls).map((c) => c.body)).toEqual([{ action: 'assignService', ids: [4, 6], serviceID: 9 }]));
    expect(await screen.findByText('2 assigned')).toBeInTheDocument();
  });

  it('estimates: archive and set a status, one request each', async () => {
    const user = userEvent.setup();
    const rows = [
      { id: 7, number: 7, projectName: 'Oak Ave', status: 0 },
      { id: 8, number: 8, projectName: 'Elm St', status: 0 },
    ];
    const calls = serve({ '/api/estimates': { estimates: rows, count: 2 } }, (call) =>
      json(200, { done: (call.body as { ids: number[] }).ids, kept: [] }),
    );
    renderAdmin(<EstimateList />, { dataProvider, initialEntries: ['/estimates'], alerts: true });
    await screen.findByText('Oak Ave');
    await user.click(screen.getByRole('checkbox', { name: 'Select estimate #7-R1' }));
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(bulkCalls(calls).map((c) => c.body)).toEqual([{ action: 'archive', ids: [7] }]));
    expect(await screen.findByText('1 archived')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select estimate #8-R1' }));
    await user.click(screen.getByRole('button', { name: 'Set status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Contract Signed' }));
    await waitFor(() => expect(bulkCalls(calls)[1].body).toEqual({ action: 'setStatus', ids: [8], status: 2 }));
  });
});
