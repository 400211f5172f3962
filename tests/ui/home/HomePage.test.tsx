import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HomePage from '../../../src/pages/home/HomePage';
import type { EstimateInsights, ServiceInsight, StatusInsight } from '../../../src/domain/insights';
import type { MarginInsights } from '../../../src/domain/marginInsights';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { createQueryClient } from '../../../src/providers/queryClient';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/sessionToken';
import { allowFailedCallLogs } from '../consoleErrors';
import { EMPTY_PIPELINE, fakeFetch, json, makeToken, type FakeHandler } from '../fakeApi';
import type { Pipeline } from '../../../src/domain/pipeline';
import { renderAdmin, routes } from '../renderAdmin';

const list = (...rows: [number, number][]): StatusInsight[] => rows.map(([count, price], status) => ({ status, count, price }));
const empty = list([0, 0], [0, 0], [0, 0], [0, 0]);

const INSIGHTS: EstimateInsights = {
  current: list([2, 1234.5], [3, 0.1], [1, 20_000], [0, 0]),
  // 1, 2, 3 and 2 of 8: 12.5 %, 25 %, 37.5 % and 25 %.
  last30Days: list([1, 99.99], [2, 1500], [3, 45_000.25], [2, 300]),
  allTime: list([4, 5000], [6, 7000], [10, 1_250_000], [5, 800]),
};
const MARGIN: MarginInsights = {
  signedMargin: {
    last30Days: { count: 2, revenue: 12_000, cost: 8_100, grossProfit: 3_900, marginPercent: 32.5 },
    allTime: { count: 10, revenue: 150_000, cost: 0, grossProfit: 150_000, marginPercent: null },
  },
  winRates: [
    { salesperson: 7, name: 'Ada Lovelace', proposed: 12, decided: 10, won: 7, lost: 3, winRatePercent: 70 },
    { salesperson: 8, name: 'Grace Hopper', proposed: 2, decided: 0, won: 0, lost: 0, winRatePercent: null },
  ],
};
const SERVICES: ServiceInsight[] = [
  { id: 3, name: 'Snow Plowing', count: 12 },
  { id: 1, name: 'Weekly Mowing', count: 9 },
  { id: 7, name: 'Aeration', count: 0 },
];

/** An office already set up: a saved company, two users, one import. */
interface Office {
  company: { id: number; version: number; name: string | null; logo: null };
  users: { id: number; username: string; firstName: string; lastName: string; email: string | null; active: boolean }[];
  imports: { id: number; status: string }[];
}
const SET_UP: Office = {
  company: { id: 1, version: 2, name: 'Greenfield Landscape & Snow, LLC', logo: null },
  users: [
    { id: 7, username: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@greenfield.example', active: true },
    { id: 8, username: 'grace', firstName: 'Grace', lastName: 'Hopper', email: 'grace@greenfield.example', active: true },
  ],
  imports: [{ id: 1, status: 'committed' }],
};

const AWAITING = [
  {
    id: 4,
    estimateID: 12,
    estimateNumber: 1042,
    estimateLabel: '#1042-R1',
    customerName: 'Green Acres HOA',
    projectName: 'Spring Refresh',
    sentAt: '2026-02-20T15:00:00Z',
    daysSinceSent: 23,
    opened: true,
    validUntil: '2026-03-20',
    expiresSoon: true,
  },
  {
    id: 5,
    estimateID: 13,
    estimateNumber: 1043,
    estimateLabel: '#1043-R2',
    customerName: 'Maple Ridge',
    projectName: 'Snow Season',
    sentAt: '2026-03-10T15:00:00Z',
    daysSinceSent: 5,
    opened: false,
    validUntil: '2026-04-09',
    expiresSoon: false,
  },
];

function answer(
  estimates: unknown = INSIGHTS,
  services: unknown = SERVICES,
  office: Office = SET_UP,
  awaiting: unknown[] = [],
): FakeHandler {
  return (call) => {
    if (call.path === '/api/company') return json(200, office.company);
    if (call.path === '/api/users') return json(200, office.users);
    if (call.path === '/api/imports') return json(200, { imports: office.imports });
    if (call.path === '/api/insights/estimates') return json(200, estimates);
    if (call.path === '/api/insights/services') return json(200, services);
    if (call.path === '/api/proposals/awaiting') return json(200, { proposals: awaiting });
    if (call.path === '/api/insights/margin') return json(200, MARGIN);
    return json(404, { message: 'Not here.' });
  };
}

function renderHome(handler: FakeHandler = answer()) {
  const calls = fakeFetch(handler);
  const view = renderAdmin(routes({ '/home': <HomePage />, '/estimates': <p>Estimates list</p> }), {
    dataProvider,
    authProvider,
    queryClient: createQueryClient(),
    initialEntries: ['/home'],
  });
  return { ...view, calls };
}

const block = (name: string) => screen.findByRole('region', { name });
/** The cells of a block's table, row by row (header and total included). */
async function tableText(name: string): Promise<string[][]> {
  const table = within(await block(name)).getByRole('table');
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

beforeEach(() => {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken({ firstName: 'Grace', lastName: 'Hopper' }));
  // Only Date: 10:00 at the office on 15 March 2026, so Last 30 Days runs since 14 February.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-15T14:00:00Z'));
});
afterEach(() => vi.unstubAllGlobals());

describe('Home', () => {
  it("greets the signed-in user by the token's first name", async () => {
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace!' })).toBeInTheDocument();
  });

  it('asks the three insight endpoints, the pipeline, the proposals awaiting an answer, the notices, the agreements and what Getting started ticks, once each', async () => {
    const { calls } = renderHome();
    await block('Current');
    await screen.findByRole('table', { name: 'Sites per service' });
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /api/agreements/summary',
      'GET /api/company',
      'GET /api/imports',
      'GET /api/insights/estimates',
      'GET /api/insights/margin',
      'GET /api/insights/services',
      'GET /api/notices',
      'GET /api/proposals/awaiting',
      'GET /api/proposals/pipeline',
      'GET /api/users',
    ]);
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
  });

  it('shows Current with status, count and amount, no ratio', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { level: 2, name: 'Estimate Insights' })).toBeInTheDocument();
    expect(await tableText('Current')).toEqual([
      ['Status', 'Count', 'Amount'],
      ['In Progress', '2', '$1,234.50'],
      ['Client Proposal Phase', '3', '$0.10'],
      ['Contract Signed', '1', '$20,000.00'],
      ['Estimate Lost', '0', '$0.00'],
      ['Total', '6', '$21,234.60'],
    ]);
    expect(within(await block('Current')).queryByText(/Win rate/)).not.toBeInTheDocument();
  });

  it('shows Last 30 Days and All Time with ratios rounded to whole percents, and the win rate', async () => {
    renderHome();
    expect(await tableText('Last 30 Days')).toEqual([
      ['Status', 'Count', 'Ratio', 'Amount'],
      ['In Progress', '1', '13%', '$99.99'],
      ['Client Proposal Phase', '2', '25%', '$1,500.00'],
      ['Contract Signed', '3', '38%', '$45,000.25'],
      ['Estimate Lost', '2', '25%', '$300.00'],
      ['Total', '8', '100%', '$46,900.24'],
    ]);
    expect(within(await block('Last 30 Days')).getByText('since Feb 14')).toBeInTheDocument();
    // 3 signed of 3 + 2 decided: 60 %.
    expect(within(await block('Last 30 Days')).getByText(/Win rate/)).toHaveTextContent('Win rate 60%');
    expect(await tableText('All Time')).toEqual([
      ['Status', 'Count', 'Ratio', 'Amount'],
      ['In Progress', '4', '16%', '$5,000.00'],
      ['Client Proposal Phase', '6', '24%', '$7,000.00'],
      ['Contract Signed', '10', '40%', '$1,250,000.00'],
      ['Estimate Lost', '5', '20%', '$800.00'],
      ['Total', '25', '100%', '$1,262,800.00'],
    ]);
    expect(within(await block('All Time')).getByText(/Win rate/)).toHaveTextContent('Win rate 67%');
  });

  it('shows 0% for every row of an empty list and no win rate, never NaN', async () => {
    renderHome(answer({ current: empty, last30Days: empty, allTime: list([3, 10], [0, 0], [0, 0], [0, 0]) }));
    expect(await tableText('Last 30 Days')).toEqual([
      ['Status', 'Count', 'Ratio', 'Amount'],
      ['In Progress', '0', '0%', '$0.00'],
      ['Client Proposal Phase', '0', '0%', '$0.00'],
      ['Contract Signed', '0', '0%', '$0.00'],
      ['Estimate Lost', '0', '0%', '$0.00'],
      ['Total', '0', '0%', '$0.00'],
    ]);
    expect(within(await block('Last 30 Days')).getByText(/Win rate/)).toHaveTextContent('Win rate —');
    // Estimates, but none signed or lost yet: still no rate.
    expect(within(await block('All Time')).getByText(/Win rate/)).toHaveTextContent('Win rate —');
    expect(document.body.textContent).not.toMatch(/NaN/);
  });

  it('fills in statuses the answer left out', async () => {
    renderHome(answer({ current: [{ status: 2, count: 4, price: 10 }], last30Days: [], allTime: [] }));
    expect((await tableText('Current')).slice(1, 5)).toEqual([
      ['In Progress', '0', '$0.00'],
      ['Client Proposal Phase', '0', '$0.00'],
      ['Contract Signed', '4', '$10.00'],
      ['Estimate Lost', '0', '$0.00'],
    ]);
  });

  it('links each status to the estimates list filtered by it: Current without archived ones', async () => {
    const { location } = renderHome();
    const link = within(await block('Current')).getByRole('link', { name: 'Contract Signed' });
    const target = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(target.pathname).toBe('/estimates');
    expect(JSON.parse(target.searchParams.get('filter')!)).toEqual({ estimate_status: [2], estimate_is_archived: [0] });
    fireEvent.click(link);
    expect(await screen.findByText('Estimates list')).toBeInTheDocument();
    expect(location()).toBe('/estimates');
  });

  it('links All Time and Last 30 Days statuses with archived estimates shown, the last 30 days newest first', async () => {
    renderHome();
    const allTime = within(await block('All Time')).getByRole('link', { name: 'Estimate Lost' });
    const allTimeUrl = new URL(allTime.getAttribute('href')!, 'http://localhost');
    expect(JSON.parse(allTimeUrl.searchParams.get('filter')!)).toEqual({ estimate_status: [3] });
    expect(allTimeUrl.searchParams.get('sort')).toBeNull();
    const recent = within(await block('Last 30 Days')).getByRole('link', { name: 'In Progress' });
    const recentUrl = new URL(recent.getAttribute('href')!, 'http://localhost');
    expect(JSON.parse(recentUrl.searchParams.get('filter')!)).toEqual({ estimate_status: [0] });
    expect([recentUrl.searchParams.get('sort'), recentUrl.searchParams.get('order')]).toEqual(['estimate_created_at', 'DESC']);
  });

  it('lists services with their number of sites in the order given (most first)', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { level: 2, name: 'Service Insights' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Sites per service' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ServiceCount', 'Snow Plowing12', 'Weekly Mowing9', 'Aeration0']);
  });

  it('says so when there are no services', async () => {
    renderHome(answer(INSIGHTS, []));
    expect(await screen.findByText('No services yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Sites per service' })).not.toBeInTheDocument();
  });

  it('loads the charts after the tables: a ring per list and the bars of the services', async () => {
    renderHome();
    await block('Current');
    // The tables are there while the charting code is still on its way.
    expect(screen.getAllByLabelText('Loading chart').length).toBeGreaterThan(0);
    for (const name of ['Current', 'Last 30 Days', 'All Time']) {
      const chart = await screen.findByRole('img', { name: `${name}: amount by status` });
      expect(chart.querySelector('svg')).not.toBeNull();
    }
    const bars = await screen.findByRole('img', { name: 'Sites per service' });
    expect(bars.querySelector('svg')).not.toBeNull();
    await waitFor(() => expect(screen.queryByLabelText('Loading chart')).not.toBeInTheDocument());
  });

  it('shows the total amount in the middle of each ring, short', async () => {
    renderHome();
    const ring = await screen.findByRole('img', { name: 'All Time: amount by status' });
    expect(ring).toHaveTextContent('$1.3M');
    expect(await screen.findByRole('img', { name: 'Current: amount by status' })).toHaveTextContent('$21.2K');
  });

  it('lists the proposals awaiting an answer under the pipeline, oldest first, each linked to its estimate; none, and it says so', async () => {
    renderHome(answer(INSIGHTS, SERVICES, SET_UP, AWAITING));
    const table = await screen.findByRole('table', { name: 'Proposals awaiting an answer' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
    expect(rows).toEqual([
      ['Estimate', 'Customer', 'Days since sent', 'Opened', 'Valid until'],
      ['#1042-R1 Spring Refresh', 'Green Acres HOA', '23', 'Yes', '2026-03-20Expires soon'],
      ['#1043-R2 Snow Season', 'Maple Ridge', '5', 'Not yet', '2026-04-09'],
    ]);
    expect(within(table).getByRole('link', { name: '#1042-R1 Spring Refresh' })).toHaveAttribute('href', '/estimates/12/detail');
    cleanup();
    renderHome();
    expect(await within(await block('Pipeline')).findByText('Every proposal sent has its answer.')).toBeInTheDocument();
  });

  it('the pipeline (issue 39): each stage with its count and value, linked to the estimates it counts; conversion; won and lost by reason and salesperson; new answers until seen', async () => {
    const pipeline: Pipeline = {
      ...EMPTY_PIPELINE,
      stages: [
        { stage: 'notOpened', count: 2, value: 1500 },
        { stage: 'opened', count: 1, value: 200 },
        { stage: 'changesRequested', count: 0, value: 0 },
        { stage: 'expiring', count: 1, value: 400 },
        { stage: 'expired', count: 3, value: 999.5 },
      ],
      conversion: { sent: 10, opened: 7, signed: 3, medianDaysToSign: 4 },
      outcomes: {
        from: '2026-01-01',
        to: '2026-03-15',
        total: { won: 3, lost: 2, lostValue: 5000, winRatePercent: 60 },
        byReason: [{ reason: 'Price', won: 0, lost: 2, lostValue: 5000, winRatePercent: 0 }],
        bySalesperson: [{ salesperson: 7, name: 'Ada Lovelace', won: 3, lost: 2, lostValue: 5000, winRatePercent: 60 }],
      },
    };
    const notice = {
      id: 9,
      proposalID: 4,
      estimateID: 12,
      kind: 'accepted',
      text: 'Green Acres HOA accepted proposal #1042-R1 (Spring Refresh).',
      createdAt: '2026-03-15T13:00:00Z',
    };
    let notices = [notice];
    const base = answer();
    const { calls } = renderHome((call) => {
      if (call.path === '/api/proposals/pipeline')
        return json(200, { ...pipeline, outcomes: { ...pipeline.outcomes, from: call.query.get('from') ?? '2026-01-01' } });
      if (call.path === '/api/notices') return json(200, { notices, unseen: notices.length });
      if (call.path === '/api/notices/seen') {
        notices = [];
        return json(200, { seen: 1 });
      }
      return base(call);
    });
    const card = await block('Pipeline');
    const stages = await within(card).findByRole('list', { name: 'Proposals by stage' });
    const expired = within(stages).getByRole('link', { name: /^Expired this month\s*3\s*\$999\.50$/ });
    expect(new URL(expired.getAttribute('href')!, 'http://x').searchParams.get('filter')).toBe(
      JSON.stringify({ proposalStage: ['expired'], estimate_is_archived: [0] }),
    );
    expect(within(stages).getByRole('link', { name: /^Sent, not opened\s*2\s*\$1,500\.00$/ })).toBeInTheDocument();
    expect(within(card).getByText(/^Last 90 days:/)).toHaveTextContent(
      'Last 90 days: 10 sent → 7 opened (70 %) → 3 signed (30 %) · median 4 days to sign',
    );
    expect(within(card).getByText('3 won · 2 lost · win rate 60 % · $5,000.00 lost')).toBeInTheDocument();
    expect(within(within(card).getByRole('table', { name: 'Lost by reason' })).getByText('Price')).toBeInTheDocument();
    expect(within(within(card).getByRole('table', { name: 'Won and lost by salesperson' })).getByText('Ada Lovelace')).toBeInTheDocument();

    const news = within(card).getByRole('region', { name: 'New answers from clients' });
    expect(within(news).getByRole('link', { name: notice.text })).toHaveAttribute('href', '/estimates/12/detail');
    expect(within(card).getByRole('img', { name: '1 new answer from clients' })).toBeInTheDocument();
    fireEvent.click(within(news).getByRole('button', { name: 'Mark as seen' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/notices/seen')?.body).toEqual({ ids: [9] }));
    await waitFor(() => expect(within(card).queryByRole('region', { name: 'New answers from clients' })).toBeNull());

    fireEvent.change(within(card).getByLabelText('From'), { target: { value: '2026-02-01' } });
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/proposals/pipeline' && call.query.get('from') === '2026-02-01')).toBe(true),
    );

    const again = await within(await block('Pipeline')).findByRole('list', { name: 'Proposals by stage' });
    fireEvent.click(within(again).getByRole('link', { name: /^Expired this month\s*3\s*\$999\.50$/ }));
    expect(await screen.findByText('Estimates list')).toBeInTheDocument();
  });

  it("shows the signed estimates' margin (30 days, all time) and the win rate by salesperson (issue 24)", async () => {
    renderHome();
    const card = await block('Margin and Win Rate');
    const recent = await within(card).findByRole('group', { name: 'Signed, last 30 days' });
    expect(recent).toHaveTextContent('32.5 %');
    expect(recent).toHaveTextContent('2 signed · $12,000.00 revenue · $3,900.00 gross profit');
    expect(within(card).getByRole('group', { name: 'Signed, all time' })).toHaveTextContent('—');
    const rows = within(within(card).getByRole('table', { name: 'Win rate by salesperson' }))
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Salesperson', 'Proposed', 'Won', 'Lost', 'Win rate'],
      ['Ada Lovelace', '12', '7', '3', '70 %'],
      ['Grace Hopper', '2', '0', '0', '—'],
    ]);
  });

  it('a new office gets Getting started: each step linked to its Settings tab, ticked when done, hidden on request', async () => {
    const fresh: Office = { company: { id: 1, version: 0, name: null, logo: null }, users: SET_UP.users.slice(0, 1), imports: [] };
    // The signed-in user (7) has not said how clients reach them yet.
    const users = SET_UP.users.map((user) => (user.id === 7 ? { ...user, email: null } : user));
    renderHome(answer(INSIGHTS, SERVICES, { ...fresh, users }));
    const card = await block('Getting started');
    const steps = within(card).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('link').textContent)).toEqual([
      'Add your name and email',
      'Set up the company',
      'Import customers',
      'Add colleagues',
    ]);
    expect(within(steps[0]).getByRole('link')).toHaveAttribute('href', '/user-settings');
    expect(within(steps[1]).getByRole('link')).toHaveAttribute('href', '/settings?tab=company');
    expect(within(steps[2]).getByRole('link')).toHaveAttribute('href', '/settings?tab=import');
    expect(within(steps[0]).getByTitle('To do')).toBeInTheDocument();
    expect(within(steps[1]).getByTitle('To do')).toBeInTheDocument();
    expect(within(steps[2]).getByTitle('To do')).toBeInTheDocument();
    // Two users: the colleagues are added.
    expect(within(steps[3]).getByTitle('Done')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull());
  });

  it('says when the insights could not be loaded, and keeps the greeting', async () => {
    allowFailedCallLogs(500);
    renderHome(() => json(500, { message: 'Unexpected error' }));
    expect(await screen.findByText('Estimate insights could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('Service insights could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('The margin insights could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Grace!' })).toBeInTheDocument();
  });
});
