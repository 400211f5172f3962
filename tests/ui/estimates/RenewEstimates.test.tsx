import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { EstimateList } from '../../../src/resources/estimates/EstimateList';
import { renewalMessages } from '../../../src/domain/renewal';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, makeToken, type FakeCall } from '../fakeApi';
import { renderAdmin, routes } from '../renderAdmin';

const YEAR = new Date().getFullYear();
const rows = [
  {
    id: 42,
    number: 1007,
    createdAt: '2025-04-01T16:00:00.000Z',
    customerName: 'Green Acres',
    projectName: `Snow ${YEAR}`,
    status: 2,
    subtotal: 1000,
  },
  {
    id: 41,
    number: 1006,
    createdAt: '2025-03-15T16:00:00.000Z',
    customerName: 'Mercer Park',
    projectName: `Lot Sweep ${YEAR}`,
    status: 2,
    subtotal: 500,
  },
  { id: 40, number: 1005, createdAt: '2025-02-28T16:00:00.000Z', customerName: 'Old Mill', projectName: 'Patio', status: 0, subtotal: 70 },
];

let calls: FakeCall[];
let renewAnswer: (call: FakeCall) => Response;
/** What GET /api/jobs/5 answers, one after another (the last one again once they run out). */
let jobStates: Record<string, unknown>[];

const RENEWAL_JOB = 5;
const running = {
  id: RENEWAL_JOB,
  kind: 'estimateRenewal',
  status: 'running',
  progress: { done: 0, total: 2, phase: 'Renewing 2 estimates' },
};
const doneWith = (result: unknown) => ({
  ...running,
  status: 'done',
  progress: { done: 2, total: 2, phase: 'Renewing 2 estimates' },
  result,
});

beforeEach(() => {
  storeToken(makeToken());
  renewAnswer = () => json(202, { jobID: RENEWAL_JOB });
  jobStates = [
    running,
    doneWith({
      created: [
        { from: 42, id: 90 },
        { from: 41, id: 91 },
      ],
    }),
  ];
  calls = fakeFetch((call) => {
    if (call.path === '/api/estimates') return json(200, { estimates: rows, count: rows.length });
    if (call.path === '/api/estimates/renew') return renewAnswer(call);
    if (call.path === `/api/jobs/${RENEWAL_JOB}`) return json(200, jobStates.length > 1 ? jobStates.shift() : jobStates[0]);
    const row = rows.find((r) => call.path === `/api/estimates/${r.id}`);
    return row ? json(200, row) : json(404, { message: 'Not found.' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderList() {
  return renderAdmin(routes({ '/estimates': <EstimateList />, '/estimates/:id/detail': <p>Estimate page</p> }), {
    dataProvider,
    initialEntries: ['/estimates'],
    alerts: true,
  });
}

async function tickAndOpen(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: 'Select estimate #1007-R1' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select estimate #1006-R1' }));
  const bar = screen.getByRole('toolbar', { name: 'Actions on the selected rows' });
  expect(within(bar).getByText('2 selected')).toBeInTheDocument();
  await user.click(within(bar).getByRole('button', { name: 'Renew…' }));
  return screen.findByRole('dialog', { name: 'Renew 2 Estimates' });
}

describe('Renew from the estimates list (issues 23 and 36)', () => {
  it('ticks rows, previews the count and totals, renews by +4 % with the year moved on, follows the job, then lists the new estimates', async () => {
    const user = userEvent.setup();
    renderList();
    const dialog = await tickAndOpen(user);
    expect(within(dialog).getByRole('radio', { name: 'Change every price by a percent' })).toBeChecked();
    expect(within(dialog).getByRole('spinbutton', { name: /Percent/ })).toHaveValue(4);
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('2 new estimates'));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Subtotal now $1,500.00; after about $1,560.00');
    expect(within(dialog).getByRole('status')).toHaveTextContent(`First: “Snow ${YEAR + 1}”`);
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));

    const renewing = await screen.findByRole('dialog', { name: 'Renewing 2 Estimates' });
    expect(within(renewing).getByRole('progressbar', { name: /^Renewal/ })).toBeInTheDocument();
    const done = await screen.findByRole('dialog', { name: '2 Estimates Renewed' }, { timeout: 5_000 });
    expect(await screen.findByText('2 estimates renewed')).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: `The renewal of Snow ${YEAR}` })).toHaveAttribute('href', '/estimates/90/detail');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      estimateIDs: [42, 41],
      pricing: { mode: 'percent', percent: 4 },
      projectName: { replace: String(YEAR), with: String(YEAR + 1) },
    });
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Actions on the selected rows' })).toBeNull());
  });

  it('renews at catalogue prices and names the lines that kept their price', async () => {
    jobStates = [
      doneWith({
        created: [
          { from: 42, id: 90, unchanged: ['Custom stone wall'] },
          { from: 41, id: 91, unchanged: [] },
        ],
      }),
    ];
    const user = userEvent.setup();
    renderList();
    const dialog = await tickAndOpen(user);
    await user.click(within(dialog).getByRole('radio', { name: /catalogue prices/ }));
    expect(within(dialog).queryByRole('spinbutton', { name: /Percent/ })).toBeNull();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Replace' }));
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    const done = await screen.findByRole('dialog', { name: '2 Estimates Renewed' }, { timeout: 5_000 });
    expect(within(done).getByText('Not in the catalogue, kept their price: Custom stone wall')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ estimateIDs: [42, 41], pricing: { mode: 'catalogue' } });
  });

  it('refuses a percent out of range before sending, and shows the server refusing one estimate', async () => {
    allowFailedCallLogs(400);
    renewAnswer = () => json(400, { message: 'Form is invalid.', errors: { estimateIDs: 'Estimate 41 does not exist.' } });
    const user = userEvent.setup();
    renderList();
    const dialog = await tickAndOpen(user);
    const percent = within(dialog).getByRole('spinbutton', { name: /Percent/ });
    await user.clear(percent);
    await user.type(percent, '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await within(dialog).findByText(renewalMessages.percentRange)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.clear(percent);
    await user.type(percent, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Form is invalid|Estimate 41/);
  });

  it('says why a renewal job failed, that nothing was created, and goes back to the form', async () => {
    jobStates = [{ ...running, status: 'failed', error: 'Unit Price is too large.' }];
    const user = userEvent.setup();
    renderList();
    const dialog = await tickAndOpen(user);
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    const renewing = await screen.findByRole('dialog', { name: 'Renewing 2 Estimates' });
    expect(await within(renewing).findByText('Unit Price is too large. Nothing was created.')).toBeInTheDocument();
    await user.click(within(renewing).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Renew 2 Estimates' })).toBeInTheDocument();
  });
});
