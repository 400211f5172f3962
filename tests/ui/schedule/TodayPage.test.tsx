import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TodayPage from '../../../src/pages/schedule/TodayPage';
import { TODAY_CREW_KEY } from '../../../src/pages/schedule/useStoredCrew';
import { dataProvider } from '../../../src/providers/dataProvider';
import { renderAdmin, routes } from '../renderAdmin';
import { fakeVisitsApi, putCalls, visit, visitCalls, type VisitsApi } from './visitsApi';

const TODAY = '2026-06-10';
const VISITS = [
  visit(1, TODAY, 'Weekly Mowing', 'Acme Landscaping', { crew: 'Crew B' }),
  visit(2, TODAY, 'Edging', 'Birch Gardens', { crew: 'Crew A', version: 7 }),
  visit(3, TODAY, 'Weekly Mowing', 'Cedar HOA', { crew: 'Crew A', status: 'done', actualHours: 2 }),
  visit(4, TODAY, 'Leaf Cleanup', 'Dogwood Park', { crew: '' }),
];

describe('Today list', () => {
  let api: VisitsApi;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 10, 7, 30));
    api = fakeVisitsApi(VISITS);
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderPage() {
    return renderAdmin(routes({ '/schedule/today': <TodayPage />, '/schedule': <p>Calendar</p> }), {
      dataProvider,
      initialEntries: ['/schedule/today'],
      alerts: true,
    });
  }

  const card = (name: string) => screen.getByRole('article', { name });

  it('lists today’s visits by crew, with the site’s address as a maps link', async () => {
    renderPage();
    await screen.findByText('Birch Gardens');
    const query = visitCalls(api)[0].query;
    expect([query.get('from'), query.get('to')]).toEqual([TODAY, TODAY]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Crew A', 'Crew B', 'No crew']);
    const crewA = screen.getByRole('region', { name: 'Crew A' });
    expect(
      within(crewA)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Edging at Birch Gardens', 'Weekly Mowing at Cedar HOA']);
    const address = within(card('Edging at Birch Gardens')).getByRole('link', { name: '2 Main St, Trenton, NJ 08601' });
    expect(address).toHaveAttribute('href', expect.stringContaining('google.com/maps/search/?api=1&query=2%20Main%20St'));
    expect(within(card('Weekly Mowing at Cedar HOA')).getByText('Done · 2 h')).toBeInTheDocument();
    expect(within(card('Weekly Mowing at Cedar HOA')).queryByRole('button', { name: 'Done' })).toBeNull();
  });

  it('marks a visit done with the hours and the version it was read at, and shows it done', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Birch Gardens');
    const birch = card('Edging at Birch Gardens');
    await user.type(within(birch).getByRole('spinbutton', { name: 'Hours' }), '2.5');
    await user.click(within(birch).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(card('Edging at Birch Gardens')).getByText('Done · 2.5 h')).toBeInTheDocument());
    expect(putCalls(api)).toHaveLength(1);
    expect(putCalls(api)[0].path).toBe('/api/visits/2');
    expect(putCalls(api)[0].body).toEqual({ status: 'done', actualHours: 2.5, version: 7 });
    expect(within(card('Edging at Birch Gardens')).queryByRole('button', { name: 'Done' })).toBeNull();
  });

  it('skips a visit', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Acme Landscaping');
    await user.click(within(card('Weekly Mowing at Acme Landscaping')).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(within(card('Weekly Mowing at Acme Landscaping')).getByText('Skipped')).toBeInTheDocument());
    expect(putCalls(api)[0].body).toEqual({ status: 'skipped', version: 3 });
  });

  it('shows one crew, remembered on the device', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await screen.findByText('Birch Gardens');
    await user.click(screen.getByRole('combobox', { name: 'Crew' }));
    await user.click(await screen.findByRole('option', { name: 'Crew B' }));
    await waitFor(() => expect(screen.queryByText('Birch Gardens')).toBeNull());
    expect(screen.getByText('Acme Landscaping')).toBeInTheDocument();
    expect(localStorage.getItem(TODAY_CREW_KEY)).toBe('Crew B');

    unmount();
    renderPage();
    await screen.findByText('Acme Landscaping');
    expect(screen.queryByText('Birch Gardens')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Crew' })).toHaveTextContent('Crew B');
  });
});
