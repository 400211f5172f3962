import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../../src/pages/settings/SettingsPage';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import type { JobListRow } from '../../../src/domain/jobs';
import { accessMessages } from '../../../src/schema/userAccount';
import { fakeFetch, json, makeToken, type FakeCall } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';

const job = (over: Partial<JobListRow>): JobListRow => ({
  id: 1,
  kind: 'importCommit',
  status: 'done',
  progress: { done: null, total: null, phase: null },
  owner: 'ada',
  attempts: 1,
  createdAt: '2026-11-27T14:00:00.000Z',
  startedAt: '2026-11-27T14:00:01.000Z',
  finishedAt: '2026-11-27T14:00:09.000Z',
  ...over,
});

function renderTab(jobs: JobListRow[]) {
  let current = jobs;
  const calls = fakeFetch((call: FakeCall) => {
    if (call.path === '/api/jobs' && call.method === 'GET') {
      const status = call.query.get('status');
      const shown = status ? current.filter((row) => row.status === status) : current;
      return json(200, { jobs: shown, count: shown.length });
    }
    const retry = /^\/api\/jobs\/(\d+)\/retry$/.exec(call.path);
    if (retry && call.method === 'POST') {
      current = current.map((row) => (row.id === Number(retry[1]) ? { ...row, status: 'queued', error: undefined, attempts: 0 } : row));
      return json(
        200,
        current.find((row) => row.id === Number(retry[1])),
      );
    }
    return json(404, { message: 'not here' });
  });
  renderAdmin(<SettingsPage />, { dataProvider, authProvider, alerts: true });
  fireEvent.click(screen.getByRole('tab', { name: 'Jobs' }));
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('Settings › Jobs (issue 36)', () => {
  it('lists what ran, runs and failed, newest first, and tries a failed one again', async () => {
    storeToken(makeToken());
    const calls = renderTab([
      job({ id: 3, status: 'running', progress: { done: 1200, total: 20000, phase: 'Writing customers' } }),
      job({ id: 2, kind: 'mystery', status: 'failed', error: 'The file has more than 50,000 rows.', attempts: 1, owner: null }),
      job({ id: 1 }),
    ]);
    const table = await screen.findByRole('table', { name: 'Jobs' });
    await within(table).findByText('#3');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('#3');
    expect(rows[1]).toHaveTextContent('Running');
    expect(rows[1]).toHaveTextContent('1,200 of 20,000 · Writing customers');
    expect(within(rows[1]).getByRole('progressbar', { name: 'Import #3: 1,200 of 20,000 · Writing customers' })).toHaveAttribute(
      'aria-valuenow',
      '6',
    );
    expect(rows[2]).toHaveTextContent('mystery');
    expect(rows[2]).toHaveTextContent('The file has more than 50,000 rows.');
    expect(within(rows[3]).queryByRole('button')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(rows[2]).getByRole('button', { name: 'Try again: mystery #2' }));
    expect(await screen.findByText('Job Queued Again')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/jobs/2/retry')).toBe(true);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Jobs' })).getAllByRole('row')[2]).toHaveTextContent('Waiting'));
  });

  it('keeps one status when asked', async () => {
    storeToken(makeToken());
    const calls = renderTab([job({ id: 2, status: 'failed', error: 'No.' }), job({ id: 1 })]);
    await screen.findByRole('table', { name: 'Jobs' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Jobs' })).getAllByRole('row')).toHaveLength(2));
    expect(calls.some((call) => call.path === '/api/jobs' && call.query.get('status') === 'failed')).toBe(true);
  });

  it('is an administrator’s: staff read why, and nothing is asked of the server', async () => {
    storeToken(makeToken({ role: 'staff' }));
    const calls = renderTab([job({})]);
    expect(await screen.findByText(accessMessages.adminOnly)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/jobs')).toBe(false);
  });
});
