import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SchedulePage from '../../../src/pages/schedule/SchedulePage';
import { serviceColors } from '../../../src/pages/schedule/serviceColors';
import { VISIT_DONE_CLASS, VISIT_SKIPPED_CLASS } from '../../../src/pages/schedule/visitEvents';
import { dataProvider } from '../../../src/providers/dataProvider';
import { renderAdmin, routes } from '../renderAdmin';
import { fakeVisitsApi, visit, visitCalls, type VisitsApi } from './visitsApi';

const VISITS = [
  visit(1, '2026-06-10', 'Weekly Mowing', 'Acme Landscaping'),
  visit(2, '2026-06-11', 'Edging', 'Birch Gardens', { crew: 'Crew B' }),
  visit(3, '2026-06-03', 'Weekly Mowing', 'Cedar HOA', { status: 'done', actualHours: 2.5, notes: 'Gate code 1234' }),
  visit(4, '2026-06-17', 'Weekly Mowing', 'Dogwood Park', { status: 'skipped' }),
  visit(5, '2026-08-20', 'Edging', 'Out Of Range'),
];

describe('Schedule screen', () => {
  let api: VisitsApi;

  beforeEach(() => {
    // Wednesday 10 June 2026, noon: the month shown is June.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 10, 12));
    api = fakeVisitsApi(VISITS);
  });
  afterEach(() => vi.unstubAllGlobals());

  const lastQuery = () => visitCalls(api).at(-1)!.query;

  function renderPage() {
    return renderAdmin(
      routes({ '/schedule': <SchedulePage />, '/schedule/today': <p>Today list</p>, '/agreements/:id': <p>Agreement</p> }),
      {
        dataProvider,
        initialEntries: ['/schedule'],
        alerts: true,
      },
    );
  }

  it('shows the month’s visits as events titled by service and customer, done ones checked, with a legend', async () => {
    renderPage();
    expect(await screen.findByText('Weekly Mowing — Acme Landscaping')).toBeInTheDocument();
    // June 2026 in six weeks from Sunday 31 May to Saturday 11 July.
    expect(lastQuery().get('from')).toBe('2026-05-31');
    expect(lastQuery().get('to')).toBe('2026-07-11');
    expect(screen.getByText('Edging — Birch Gardens')).toBeInTheDocument();
    expect(screen.getByText('✓ Weekly Mowing — Cedar HOA')).toBeInTheDocument();
    expect(screen.getByText('Weekly Mowing — Dogwood Park')).toBeInTheDocument();
    expect(screen.queryByText(/Out Of Range/)).toBeNull();
    // Done ones muted, skipped ones struck through (ScheduleCalendar's styles); only planned ones drag.
    const eventOf = (title: string) => screen.getByText(title).closest('[role="button"]')!;
    expect(eventOf('✓ Weekly Mowing — Cedar HOA')).toHaveClass(VISIT_DONE_CLASS);
    expect(eventOf('Weekly Mowing — Dogwood Park')).toHaveClass(VISIT_SKIPPED_CLASS);
    expect(eventOf('Weekly Mowing — Acme Landscaping')).not.toHaveClass(VISIT_DONE_CLASS);
    expect(eventOf('Weekly Mowing — Acme Landscaping')).not.toHaveClass(VISIT_SKIPPED_CLASS);
    const colors = serviceColors(['Edging', 'Weekly Mowing']);
    expect(colors.get('Edging')).not.toBe(colors.get('Weekly Mowing'));
    expect(eventOf('Weekly Mowing — Acme Landscaping').getAttribute('style')).toContain(colors.get('Weekly Mowing'));
    expect(eventOf('Edging — Birch Gardens').getAttribute('style')).toContain(colors.get('Edging'));
    const legend = screen.getByRole('list', { name: 'Services' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Edging', 'Weekly Mowing']);
  });

  it('asks the API for the service and the crew chosen', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Edging — Birch Gardens');
    await user.click(screen.getByRole('combobox', { name: 'Service' }));
    await user.click(await screen.findByRole('option', { name: 'Weekly Mowing' }));
    await waitFor(() => expect(lastQuery().getAll('filter:service')).toEqual(['Weekly Mowing']));
    await waitFor(() => expect(screen.queryByText('Edging — Birch Gardens')).toBeNull());
    expect(screen.getByText('Weekly Mowing — Acme Landscaping')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Crew' }));
    await user.click(await screen.findByRole('option', { name: 'Crew A' }));
    await waitFor(() => expect(lastQuery().getAll('filter:crew')).toEqual(['Crew A']));
    expect(lastQuery().getAll('filter:service')).toEqual(['Weekly Mowing']);

    // The services narrowed away are still offered.
    await user.click(screen.getByRole('combobox', { name: 'Service' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['All services', 'Edging', 'Weekly Mowing']);
    await user.click(screen.getByRole('option', { name: 'All services' }));
    await waitFor(() => expect(lastQuery().getAll('filter:service')).toEqual([]));
    expect(lastQuery().getAll('filter:crew')).toEqual(['Crew A']);
    await user.click(screen.getByRole('combobox', { name: 'Crew' }));
    await user.click(await screen.findByRole('option', { name: 'All crews' }));
    expect(await screen.findByText('Edging — Birch Gardens')).toBeInTheDocument();
    expect(lastQuery().getAll('filter:crew')).toEqual([]);
  });

  it('hides skipped visits with the toggle', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Weekly Mowing — Dogwood Park');
    await user.click(screen.getByRole('switch', { name: 'Show skipped' }));
    await waitFor(() => expect(screen.queryByText('Weekly Mowing — Dogwood Park')).toBeNull());
    expect(screen.getByText('Weekly Mowing — Acme Landscaping')).toBeInTheDocument();
  });

  it('opens a visit’s details with its agreement, and marks it done with hours', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByText('Weekly Mowing — Acme Landscaping'));
    const dialog = await screen.findByRole('dialog', { name: 'Weekly Mowing — Acme Landscaping' });
    expect(within(dialog).getByText('1 Main St, Trenton, NJ 08601', { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByText('Wed, Jun 10, 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Crew A')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Agreement 2001' })).toHaveAttribute('href', '/agreements/101');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Hours' }), '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/visits/1');
    expect(put.body).toEqual({ status: 'done', actualHours: 1.5, version: 3 });
    expect(await screen.findByText('✓ Weekly Mowing — Acme Landscaping')).toBeInTheDocument();
  });

  it('leads to the Today list', async () => {
    const user = userEvent.setup();
    const { location } = renderPage();
    await user.click(await screen.findByRole('link', { name: 'Today' }));
    expect(location()).toBe('/schedule/today');
  });
});
