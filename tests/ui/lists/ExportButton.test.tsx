import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customers, estimates } from '../../../src/schema';
import { dataProvider } from '../../../src/providers/dataProvider';
import { EstimateList } from '../../../src/resources/estimates/EstimateList';
import { fakeFetch, json, type FakeCall } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';
import { AppListScreen } from '../appScreens';

/** The Export button of the lists: what goes to GET /api/<route>/export, and the file saved. */
describe('Export button', () => {
  let calls: FakeCall[];
  const saved: string[] = [];
  const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  let click: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    saved.length = 0;
    calls = fakeFetch(({ path, query }) => {
      if (path.endsWith('/export')) {
        const bytes = new TextEncoder().encode('ID,Name\r\n');
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => {
            controller.enqueue(bytes);
            controller.close();
          },
        });
        return new Response(body, {
          status: 200,
          headers: {
            'Content-Type': query.get('format') === 'xlsx' ? 'application/octet-stream' : 'text/csv; charset=utf-8',
            'Content-Length': String(bytes.length),
            'Content-Disposition': `attachment; filename="${path.split('/')[2]}-2026-11-25.${query.get('format')}"`,
          },
        });
      }
      if (path === '/api/customers') return json(200, { customers: [{ id: 1, name: 'Acme Lawns' }], count: 41 });
      if (path === '/api/estimates') return json(200, { estimates: [{ id: 7, number: 7, projectName: 'Oak Ave' }], count: 1 });
      if (path === '/api/users') return json(200, []);
      if (path === '/api/services') return json(200, { services: [] });
      return json(200, {});
    });
    URL.createObjectURL = () => 'blob:1';
    URL.revokeObjectURL = () => undefined;
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    click.mockRestore();
    URL.createObjectURL = objectUrls.create;
    URL.revokeObjectURL = objectUrls.revoke;
    vi.unstubAllGlobals();
  });

  const exportCall = () => calls.filter((c) => c.path.endsWith('/export')).at(-1);

  it('exports every row of the current search and sort as CSV, with no page', async () => {
    const user = userEvent.setup();
    renderAdmin(<AppListScreen entity={customers} />, { dataProvider, initialEntries: ['/customers'] });
    await screen.findByText('Acme Lawns');
    await user.type(screen.getByRole('searchbox', { name: 'Search Customers' }), 'acme');
    await waitFor(() => expect(calls.at(-1)!.query.get('searchTerm')).toBe('acme'));
    await user.click(screen.getByRole('button', { name: 'City' }));
    await waitFor(() => expect(calls.at(-1)!.query.get('sortBy')).toBe('customer_city'));

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(saved).toEqual(['customers-2026-11-25.csv']));
    expect(exportCall()!.path).toBe('/api/customers/export');
    expect(Object.fromEntries(exportCall()!.query)).toEqual({
      searchTerm: 'acme',
      sortBy: 'customer_city',
      sortDirection: 'ASC',
      format: 'csv',
    });
  });

  it("carries the page's own filters (archived estimates hidden) and asks for Excel", async () => {
    const user = userEvent.setup();
    renderAdmin(<EstimateList />, { dataProvider, initialEntries: ['/estimates'] });
    await screen.findByText('Oak Ave');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'Excel' }));
    await waitFor(() => expect(saved).toEqual(['estimates-2026-11-25.xlsx']));
    expect(Object.fromEntries(exportCall()!.query)).toEqual({
      'filter:estimate_is_archived': '[0]',
      sortBy: estimates.defaultSort.key,
      sortDirection: 'DESC',
      format: 'xlsx',
    });
  });
});
