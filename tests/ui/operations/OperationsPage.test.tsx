import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OperationsPage from '../../../src/pages/operations/OperationsPage';
import type { OperationRow } from '../../../src/schema/operations';
import { dataProvider } from '../../../src/providers/dataProvider';
import { fakeFetch, json, type FakeCall, type FakeHandler } from '../fakeApi';
import { renderAdmin, routes } from '../renderAdmin';

const row = (id: number, customerName: string, siteName: string, state: string, services: string[]): OperationRow => ({
  id,
  customerID: id * 10,
  customerName,
  siteName,
  siteAddress1: `${id} Main St`,
  siteCity: 'Trenton',
  siteState: state,
  siteZip: id === 3 ? null : '08601',
  services: services.map((name, index) => ({ id: index + 1, name })),
});

const ROWS = [
  row(1, 'Acme Landscaping', 'Acme HQ', 'NJ', ['Snow Plowing', 'Weekly Mowing']),
  row(2, 'Birch Gardens', 'Birch Estate', 'PA', []),
  row(3, 'Cedar HOA', 'Cedar Pool', 'DE', ['Salting']),
];
const SERVICES = [
  { id: 11, name: 'Aeration' },
  { id: 12, name: 'Salting' },
  { id: 13, name: 'Snow Plowing' },
];
const FILTER_VALUES: Record<string, (string | null)[]> = {
  customer_name: ['Acme Landscaping', 'Birch Gardens', 'Cedar HOA'],
  site_city: ['Trenton'],
  site_state: ['DE', 'NJ', 'PA'],
  site_zip: ['08601', null],
};

describe('Operations screen', () => {
  let calls: FakeCall[];
  let download: FakeHandler | undefined;

  beforeEach(() => {
    download = undefined;
    calls = fakeFetch((call) => {
      if (call.path === '/api/operations') return json(200, { operations: ROWS, count: 42 });
      if (call.path.startsWith('/api/operations/filterValues/')) return json(200, FILTER_VALUES[call.path.split('/').pop()!]);
      if (call.path === '/api/services') return json(200, { services: SERVICES });
      if (call.path === '/api/operations/download' && download) return download(call);
      return json(404, { message: `unexpected ${call.path}` });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const listCalls = () => calls.filter((c) => c.path === '/api/operations');
  const lastListQuery = () => Object.fromEntries(listCalls().at(-1)!.query);
  const valueCalls = (column: string) => calls.filter((c) => c.path === `/api/operations/filterValues/${column}`);

  function renderPage() {
    return renderAdmin(routes({ '/operations': <OperationsPage />, '/sites/:id': <p>Site detail</p> }), {
      dataProvider,
      initialEntries: ['/operations'],
      alerts: true,
    });
  }

  /** A click beside the open popover closes it, as a person would. */
  async function closePopover(user: ReturnType<typeof userEvent.setup>) {
    await user.click(document.querySelector('.MuiPopover-root .MuiBackdrop-root')!);
    await waitFor(() => expect(document.querySelector('.MuiPopover-root')).toBeNull());
  }

  async function openFilter(user: ReturnType<typeof userEvent.setup>, label: string) {
    // findBy: a popover that is closing still hides the page for a moment.
    await user.click(await screen.findByRole('button', { name: `Filter ${label}` }));
    return screen.findByRole('dialog', { name: `Filter ${label}` });
  }

  it('lists the operations by customer name with the columns of SPEC §2 and the total', async () => {
    renderPage();
    await screen.findByText('Acme HQ');
    expect(lastListQuery()).toEqual({ sortBy: 'customer_name', sortDirection: 'ASC', limit: '20', offset: '0' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Customer Name', 'Site Name', 'Site Address', 'Site City', 'Site State', 'Site Zip', 'Site Services']);
    for (const label of ['Customer Name', 'Site City', 'Site State', 'Site Zip', 'Site Services']) {
      expect(screen.getByRole('button', { name: `Filter ${label}` })).toBeInTheDocument();
    }
    for (const label of ['Site Name', 'Site Address']) expect(screen.queryByRole('button', { name: `Filter ${label}` })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('42 sites');
    // 42 rows: three pages of 20.
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getAllByRole('button', { name: /Go to page/ })).toHaveLength(3);
  });

  it('sorts by a column and toggles the direction', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Acme HQ');
    await user.click(screen.getByRole('button', { name: 'Site Zip' }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sortBy: 'site_zip', sortDirection: 'ASC' }));
    await user.click(screen.getByRole('button', { name: 'Site Zip' }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sortBy: 'site_zip', sortDirection: 'DESC' }));
  });

  it('shows how many services a site has, their names in a popover, without leaving; a row opens its site', async () => {
    const user = userEvent.setup();
    const { location } = renderPage();
    await screen.findByText('Acme HQ');
    const [hq, birch, cedar] = screen.getAllByRole('row').slice(1);
    expect(within(birch).getByText('0')).toBeInTheDocument();
    expect(within(cedar).getByRole('button', { name: '1 service of Cedar Pool' })).toHaveTextContent('1');

    await user.click(within(hq).getByRole('button', { name: '2 services of Acme HQ' }));
    const popover = await screen.findByRole('dialog', { name: 'Services of Acme HQ' });
    expect(
      within(popover)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Snow Plowing', 'Weekly Mowing']);
    expect(location()).toBe('/operations');
    await closePopover(user);

    await user.click(within(hq).getByText('Acme HQ'));
    await screen.findByText('Site detail');
    expect(location()).toBe('/sites/1');
  });

  it('filters by ticked values, loading each column’s values once and keeping them', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Acme HQ');
    expect(valueCalls('site_state')).toHaveLength(0);

    let popover = await openFilter(user, 'Site State');
    expect(
      within(popover)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['DE', 'NJ', 'PA']);
    await user.click(within(popover).getByRole('checkbox', { name: 'NJ' }));
    await waitFor(() => expect(lastListQuery()['filter:site_state']).toBe('["NJ"]'));
    await user.click(within(popover).getByRole('checkbox', { name: 'PA' }));
    await waitFor(() => expect(lastListQuery()['filter:site_state']).toBe('["NJ","PA"]'));
    expect(lastListQuery().offset).toBe('0');
    await closePopover(user);

    // The button says how many values are ticked; reopening asks the server nothing.
    expect(screen.getByRole('button', { name: 'Filter Site State' })).toHaveTextContent('2');
    popover = await openFilter(user, 'Site State');
    expect(within(popover).getByRole('checkbox', { name: 'NJ' })).toBeChecked();
    expect(within(popover).getByRole('checkbox', { name: 'DE' })).not.toBeChecked();
    expect(valueCalls('site_state')).toHaveLength(1);
    await user.click(within(popover).getByRole('checkbox', { name: 'NJ' }));
    await waitFor(() => expect(lastListQuery()['filter:site_state']).toBe('["PA"]'));
    await closePopover(user);

    // A zip-less site is "(Blank)", sent as null, combined with the state filter.
    popover = await openFilter(user, 'Site Zip');
    await user.click(within(popover).getByRole('checkbox', { name: '(Blank)' }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ 'filter:site_zip': '[null]', 'filter:site_state': '["PA"]' }));
    await user.click(within(popover).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(lastListQuery()['filter:site_zip']).toBeUndefined());
    expect(lastListQuery()['filter:site_state']).toBe('["PA"]');
    await closePopover(user);

    await openFilter(user, 'Site Zip');
    expect(valueCalls('site_zip')).toHaveLength(1);
    expect(valueCalls('site_state')).toHaveLength(1);
    expect(valueCalls('customer_name')).toHaveLength(0);
  });

  it('filters by services from every service, by name', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Acme HQ');
    const popover = await openFilter(user, 'Site Services');
    await within(popover).findByRole('checkbox', { name: 'Aeration' });
    const servicesCall = calls.find((c) => c.path === '/api/services')!;
    expect(Object.fromEntries(servicesCall.query)).toEqual({ sortBy: 'service_name', sortDirection: 'ASC' });
    expect(
      within(popover)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['Aeration', 'Salting', 'Snow Plowing']);
    await user.click(within(popover).getByRole('checkbox', { name: 'Snow Plowing' }));
    await user.click(within(popover).getByRole('checkbox', { name: 'Salting' }));
    await waitFor(() => expect(lastListQuery()['filter:services']).toBe('[13,12]'));
  });

  it('clears the column filters when searching (SPEC §4)', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Acme HQ');
    const popover = await openFilter(user, 'Customer Name');
    await user.click(within(popover).getByRole('checkbox', { name: 'Cedar HOA' }));
    await waitFor(() => expect(lastListQuery()['filter:customer_name']).toBe('["Cedar HOA"]'));
    await closePopover(user);

    await user.type(screen.getByRole('searchbox', { name: 'Search Operations' }), 'pool');
    await waitFor(() => expect(lastListQuery().searchTerm).toBe('pool'));
    expect(lastListQuery()['filter:customer_name']).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Filter Customer Name' })).not.toHaveTextContent(/\d/);
  });

  it('narrows a long list of values with a find box', async () => {
    const user = userEvent.setup();
    FILTER_VALUES.site_city = Array.from({ length: 30 }, (_, i) => `City ${String(i).padStart(2, '0')}`);
    try {
      renderPage();
      await screen.findByText('Acme HQ');
      const popover = await openFilter(user, 'Site City');
      expect(within(popover).getAllByRole('checkbox')).toHaveLength(30);
      await user.type(within(popover).getByRole('textbox', { name: 'Find a Site City value' }), '1');
      expect(
        within(popover)
          .getAllByRole('checkbox')
          .map((c) => c.closest('label')!.textContent),
      ).toEqual([
        'City 01',
        'City 10',
        'City 11',
        'City 12',
        'City 13',
        'City 14',
        'City 15',
        'City 16',
        'City 17',
        'City 18',
        'City 19',
        'City 21',
      ]);
    } finally {
      FILTER_VALUES.site_city = ['Trenton'];
    }
  });

  it('downloads what the filters select, all pages, with progress in the alert area, saved under the server’s name', async () => {
    const user = userEvent.setup();
    let send!: ReadableStreamDefaultController<Uint8Array>;
    download = () =>
      new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (send = controller) }), {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Length': '8',
          'Content-Disposition': 'attachment; filename="operations--2025-03-09.xlsx"; filename*=UTF-8\'\'operations--2025-03-09.xlsx',
        },
      });
    const saved: { name: string; size: number }[] = [];
    const blobs = new Map<string, Blob>();
    const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => {
      blobs.set('blob:1', blob);
      return 'blob:1';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, size: blobs.get(this.href)!.size });
    });

    try {
      renderPage();
      await screen.findByText('Acme HQ');
      const popover = await openFilter(user, 'Site State');
      await user.click(within(popover).getByRole('checkbox', { name: 'DE' }));
      await waitFor(() => expect(lastListQuery()['filter:site_state']).toBe('["DE"]'));
      await closePopover(user);
      await user.click(screen.getByRole('button', { name: 'Site Name' }));
      await waitFor(() => expect(lastListQuery().sortBy).toBe('site_name'));

      await user.click(screen.getByRole('button', { name: 'Download Operations' }));
      await waitFor(() => expect(send).toBeDefined());
      const request = calls.find((c) => c.path === '/api/operations/download')!;
      expect(Object.fromEntries(request.query)).toEqual({ 'filter:site_state': '["DE"]', sortBy: 'site_name', sortDirection: 'ASC' });
      expect(screen.getByRole('button', { name: 'Download Operations' })).toBeDisabled();

      await act(async () => send.enqueue(new Uint8Array([1, 2, 3, 4, 5, 6])));
      await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('aria-valuenow', '75'));
      await act(async () => {
        send.enqueue(new Uint8Array([7, 8]));
        send.close();
      });
      await waitFor(() => expect(saved).toEqual([{ name: 'operations--2025-03-09.xlsx', size: 8 }]));
      await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Download progress' })).toBeNull());
      expect(screen.getByRole('button', { name: 'Download Operations' })).toBeEnabled();
    } finally {
      click.mockRestore();
      URL.createObjectURL = objectUrls.create;
      URL.revokeObjectURL = objectUrls.revoke;
    }
  });
});
