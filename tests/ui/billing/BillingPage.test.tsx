import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BillingPage from '../../../src/pages/billing/BillingPage';
import { dataProvider } from '../../../src/providers/dataProvider';
import { createQueryClient } from '../../../src/providers/queryClient';
import { fakeFetch, json, type FakeCall } from '../fakeApi';
import { renderAdmin, routes } from '../renderAdmin';

const line = (id: string, extra: Record<string, unknown>) => ({
  id,
  customerID: 1,
  customerName: 'Maple Ridge HOA',
  agreementID: 4,
  agreementNumber: 1004,
  lineID: 9,
  lineName: 'Mowing',
  date: '2027-04-06',
  description: 'Mowing — visit Apr 6, 2027',
  quantity: 1,
  rate: 38.57,
  amount: 38.57,
  tax: 2.56,
  source: 'visit',
  exportID: null,
  ...extra,
});

const APRIL = [
  line('installment-10-1', {
    date: '2027-04-01',
    description: 'Shrub Maintenance — installment 1 of 8',
    rate: 250.01,
    amount: 250.01,
    tax: 16.56,
    source: 'installment',
    exportID: 3,
  }),
  line('visit-77', {}),
];
const EXPORTS = [
  {
    id: 3,
    month: '2027-04',
    invoices: 1,
    lines: 1,
    total: 250.01,
    firstInvoice: 1001,
    lastInvoice: 1001,
    createdAt: '2027-04-30T20:00:00Z',
    createdByName: 'Terry Tester',
    undoable: true,
  },
];

describe('Billing screen', () => {
  let calls: FakeCall[];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-04-15T14:00:00Z'));
    calls = fakeFetch((call) => {
      if (call.path === '/api/billing' && call.method === 'GET')
        return json(200, { lines: call.query.get('month') === '2027-04' ? APRIL : [] });
      if (call.path === '/api/billing/exports' && call.method === 'GET') return json(200, { exports: EXPORTS });
      if (call.path === '/api/billing/exports' && call.method === 'POST') return json(201, { id: 4, invoices: 1, lines: 1 });
      if (call.path === '/api/billing/exports/4/file')
        return new Response('Invoice number\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="quickbooks-invoices-2027-04-export-4.csv"' },
        });
      if (call.path === '/api/billing/exports/3' && call.method === 'DELETE') return json(200, { id: 3, lines: 1 });
      return json(404, { message: `unexpected ${call.method} ${call.path}` });
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const renderPage = (path = '/billing') =>
    renderAdmin(routes({ '/billing': <BillingPage />, '/agreements/:id': <p>Agreement</p> }), {
      dataProvider,
      queryClient: createQueryClient(),
      initialEntries: [path],
    });

  it("shows this month's lines with their totals and which went to accounting", async () => {
    renderPage();
    const table = await screen.findByRole('region', { name: 'Billing lines' });
    await within(table).findByText('Shrub Maintenance — installment 1 of 8');
    expect(within(table).getByText('Mowing — visit Apr 6, 2027')).toBeInTheDocument();
    expect(within(table).getByText('Export 3')).toBeInTheDocument();
    expect(within(table).getByText('$288.58')).toBeInTheDocument();
    expect(within(table).getByText('$19.12')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 lines not exported yet')).toBeInTheDocument();
    for (const link of within(table).getAllByRole('link', { name: '1004' })) expect(link).toHaveAttribute('href', '/agreements/4');
  });

  it('exports the month for QuickBooks Online and downloads the file', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = () => 'blob:1';
    URL.revokeObjectURL = () => undefined;
    renderPage();
    await screen.findByText('Mowing — visit Apr 6, 2027');
    await user.click(screen.getByRole('button', { name: 'Export for QuickBooks Online' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/billing/exports/4/file')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ month: '2027-04' });
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });

  it('offers Undo on the newest export only, and sends it', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    const exportsTable = await screen.findByRole('region', { name: 'Exports' });
    await within(exportsTable).findByText('1001–1001 (1)');
    await user.click(within(exportsTable).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/billing/exports/3')).toBe(true));
  });

  it('says when a month has nothing to bill', async () => {
    renderPage();
    await screen.findByText('Mowing — visit Apr 6, 2027');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2027-05' } });
    expect(await screen.findByText('Nothing to bill this month.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export for QuickBooks Online' })).toBeDisabled();
  });

  it('opens the month a link asks for (?month=, a storm close-out’s link)', async () => {
    renderPage('/billing?month=2027-05');
    expect(await screen.findByText('Nothing to bill this month.')).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveValue('2027-05');
    expect(calls.find((call) => call.path === '/api/billing')!.query.get('month')).toBe('2027-05');
  });
});
