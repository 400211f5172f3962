import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgreementEdit } from '../../../src/resources/agreements/AgreementEdit';
import { dataProvider } from '../../../src/providers/dataProvider';
import { createQueryClient } from '../../../src/providers/queryClient';
import { fakeFetch, json, officeDefaults, type FakeCall } from '../fakeApi';
import { renderAdmin, routes } from '../renderAdmin';

const RRULE = 'DTSTART;VALUE=DATE:20270401\nRRULE:FREQ=DAILY;INTERVAL=8;COUNT=30';
const lineOf = (id: number, name: string, extra: Record<string, unknown>) => ({
  id,
  agreementID: 4,
  workAreaID: id + 100,
  name,
  amount: 0,
  taxCode: 'NJ',
  basis: 'once',
  installments: null,
  rrule: 'DTSTART;VALUE=DATE:20270401\nRRULE:FREQ=DAILY;INTERVAL=1;COUNT=1',
  visitPrice: null,
  plannedHours: 0,
  plannedVisits: 1,
  materialCost: 0,
  billed: false,
  version: 1,
  ...extra,
});
const LINES = [
  lineOf(1, 'Mowing', { amount: 1350, basis: 'perVisit', visitPrice: 45, rrule: RRULE, plannedVisits: 30, plannedHours: 45 }),
  lineOf(2, 'Spring Cleanup', { amount: 600, taxCode: 'PA' }),
  lineOf(3, 'Shrub Maintenance', { amount: 2000.1, basis: 'installments', billed: true }),
];
const AGREEMENT = {
  id: 4,
  number: 1004,
  customerID: 1,
  customerName: 'Maple Ridge HOA',
  siteID: 2,
  siteName: 'Clubhouse',
  estimateID: 12,
  revision: 1,
  proposalID: 5,
  salesperson: 7,
  startDate: '2027-04-01',
  endDate: '2027-11-30',
  status: 'active',
  contractValue: 3950.1,
  plannedHours: 69,
  signedOn: '2027-03-15',
  cancelledOn: null,
  notes: null,
  version: 1,
  lines: LINES,
  costing: {
    plannedHours: 69,
    plannedHoursSoFar: 2.3,
    actualHours: 4,
    visitsPlanned: 32,
    visitsDone: 1,
    materialsUsed: 0,
    earnedToDate: 295.57,
    billedToDate: 250.01,
    remaining: 3700.09,
    costSoFar: 200,
    marginSoFarPercent: 32.3,
    overBudget: true,
    suggestedRenewalPercent: 12.5,
  },
};
const visit = (id: number, lineID: number, date: string, status = 'planned') => ({
  id,
  agreementID: 4,
  agreementNumber: 1004,
  lineID,
  lineName: LINES.find((line) => line.id === lineID)!.name,
  basis: 'perVisit',
  customerID: 1,
  customerName: 'Maple Ridge HOA',
  siteID: 2,
  siteName: 'Clubhouse',
  siteAddress: '410 Maple Ridge Dr, Princeton, NJ 08540',
  date,
  plannedDate: date,
  status,
  crew: '',
  actualHours: status === 'done' ? 4 : null,
  materials: null,
  notes: '',
  billed: false,
  version: 1,
});
// 29 mowing visits (one skipped) at $45: $45 under the $1,350.00 of the line.
const VISITS = [
  ...Array.from({ length: 30 }, (_, index) =>
    visit(index + 1, 1, `2027-04-${String(index + 1).padStart(2, '0')}`, index === 0 ? 'done' : index === 29 ? 'skipped' : 'planned'),
  ),
  visit(40, 2, '2027-04-01'),
];

describe('Agreement detail', () => {
  let calls: FakeCall[];
  beforeEach(() => {
    calls = fakeFetch((call) => {
      if (call.path === '/api/agreements/4' && call.method === 'GET') return json(200, AGREEMENT);
      if (call.path === '/api/agreements/4/visits') return json(200, { visits: VISITS });
      if (call.path === '/api/users')
        return json(200, [{ id: 7, username: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: null, active: true, role: 'admin' }]);
      if (call.path === '/api/agreementLines/1' && call.method === 'PUT') return json(200, { ...LINES[0], version: 2 });
      return officeDefaults(call) ?? json(404, { message: `unexpected ${call.method} ${call.path}` });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderDetail = () =>
    renderAdmin(routes({ '/agreements/:id': <AgreementEdit /> }), {
      dataProvider,
      queryClient: createQueryClient(),
      initialEntries: ['/agreements/4'],
    });

  it('shows the lines at their signed prices, how each is billed, and whether the schedules add up', async () => {
    renderDetail();
    const lines = await screen.findByRole('table', { name: 'Lines' });
    const rows = await within(lines).findAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent))).toEqual([
      [],
      ['Mowing', '$1,350.00', 'NJ', 'Per visit'],
      ['Spring Cleanup', '$600.00', 'PA', 'Once on completion'],
      ['Shrub Maintenance', '$2,000.10', 'NJ', 'InstallmentsBilled'],
    ]);
    expect(within(rows[1]).getByText(/\$45\.00 × 29 visits/)).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('$45.00 under the contract value of $3,950.10');
    expect(within(rows[3]).getByRole('button', { name: 'Edit Shrub Maintenance' })).toBeDisabled();
  });

  it('shows the job costing with the renewal percent that restores the target margin', async () => {
    renderDetail();
    expect(await screen.findByText(/Over budget/)).toBeInTheDocument();
    expect(screen.getByText(/renew at \+12.5%/)).toBeInTheDocument();
    expect(screen.getByText('32.3%')).toBeInTheDocument();
  });

  it('changes a line to a weekly plan with the version it was read at', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit Mowing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mowing' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Visits' }));
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/api/agreementLines/1');
    expect(put.body).toMatchObject({ basis: 'perVisit', version: 1 });
    expect((put.body as { rrule: string }).rrule).toContain('FREQ=WEEKLY');
    expect(put.body).not.toHaveProperty('visitPrice');
  });
});
