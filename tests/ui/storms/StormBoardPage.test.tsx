import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StormBoardPage from '../../../src/pages/stormBoard/StormBoardPage';
import { dataProvider } from '../../../src/providers/dataProvider';
import { createQueryClient } from '../../../src/providers/queryClient';
import { allowFailedCallLogs } from '../consoleErrors';
import { renderAdmin, routes } from '../renderAdmin';
import { emulatePhone, fakeStormsApi, site, snowVisit, visitPosts, type StormsApi } from './stormsApi';

const NOW = new Date('2027-01-05T11:30:00.000Z');

describe('Storm board on a phone', () => {
  let api: StormsApi;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    emulatePhone(vi);
    api = fakeStormsApi([
      site(11, 'North Lot', { visits: [snowVisit(1, 11)] }),
      site(12, 'Elm Plaza', { services: ['plow', 'salt', 'walks'] }),
    ]);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderBoard = () =>
    renderAdmin(routes({ '/storms/:id/board': <StormBoardPage />, '/storms/:id': <p>Storm</p> }), {
      dataProvider,
      queryClient: createQueryClient(),
      initialEntries: ['/storms/5/board'],
      alerts: true,
    });
  const card = (name: string) => screen.getByRole('article', { name });

  it('lists the contracted sites in route order, each with big service buttons and its visits', async () => {
    renderBoard();
    await screen.findByRole('article', { name: 'North Lot' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Storm of Jan 5, 2027');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['North Lot', 'Elm Plaza']);
    const elm = card('Elm Plaza');
    expect(
      within(elm)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Plow', 'Salt', 'Walks', 'Other']);
    expect(within(elm).getByText('No visit logged yet.')).toBeInTheDocument();
    expect(within(card('North Lot')).getByText(/Plowing · 1 pass · 5 in · Crew B/)).toBeInTheDocument();
  });

  it('logs a visit in one tap and a short form: arrival now, the service ticked, one pass', async () => {
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('article', { name: 'Elm Plaza' });
    await user.click(within(card('Elm Plaza')).getByRole('button', { name: 'Salt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log visit — Elm Plaza' });
    expect(dialog.closest('.MuiDialog-paperFullScreen') ?? dialog.querySelector('.MuiDialog-paperFullScreen')).not.toBeNull();
    expect(within(dialog).getByLabelText('Arrival')).toHaveValue('2027-01-05T' + localTime(NOW));
    expect(within(dialog).getByRole('checkbox', { name: 'De-icing' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Plowing' })).not.toBeChecked();
    expect(within(dialog).getByRole('spinbutton', { name: 'Passes' })).toHaveValue(1);
    await user.click(within(dialog).getByRole('button', { name: 'Departure now' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Material' }), 'Rock salt');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity' }), '3');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Depth on site (in)' }), '4');
    await user.type(within(dialog).getByRole('textbox', { name: 'Crew' }), 'Crew A');
    await user.click(within(dialog).getByRole('button', { name: 'Save visit' }));

    await waitFor(() => expect(visitPosts(api)).toHaveLength(1));
    expect(visitPosts(api)[0].body).toEqual({
      siteID: 12,
      arrival: '2027-01-05T11:30:00.000Z',
      departure: '2027-01-05T11:30:00.000Z',
      services: ['salt'],
      passes: 1,
      material: { kind: 'Rock salt', quantity: 3, unit: 'bag' },
      depth: 4,
      crew: 'Crew A',
      notes: '',
    });
    expect(await screen.findByText('Visit logged')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card('Elm Plaza')).findByText(/De-icing · 1 pass · 3 bags Rock salt · 4 in · Crew A/)).toBeInTheDocument();
    // The next visit's form has the crew just logged.
    await user.click(within(card('North Lot')).getByRole('button', { name: 'Plow' }));
    expect(within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Crew' })).toHaveValue('Crew A');
  });

  it('shows the message of a refused field beside it and keeps the form open', async () => {
    allowFailedCallLogs(400);
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('article', { name: 'Elm Plaza' });
    api.refuse = { depth: 'Depth on site must be 0 to 200 in.' };
    await user.click(within(card('Elm Plaza')).getByRole('button', { name: 'Plow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log visit — Elm Plaza' });
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Depth on site (in)' }), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save visit' }));
    const depth = within(dialog).getByRole('spinbutton', { name: 'Depth on site (in)' });
    await waitFor(() => expect(depth).toHaveAccessibleDescription('Depth on site must be 0 to 200 in.'));
    expect(depth).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Log visit — Elm Plaza' })).toBeInTheDocument();
  });

  it('posts a correction only with a reason; the corrected entry is struck through beside its correction', async () => {
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('article', { name: 'North Lot' });
    await user.click(within(card('North Lot')).getByRole('button', { name: 'Correct…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct visit — North Lot' });
    expect(within(dialog).getByRole('textbox', { name: 'Crew' })).toHaveValue('Crew B');
    expect(within(dialog).getByRole('spinbutton', { name: 'Depth on site (in)' })).toHaveValue(5);
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Reason is required for a correction.');
    expect(visitPosts(api)).toHaveLength(0);

    const depth = within(dialog).getByRole('spinbutton', { name: 'Depth on site (in)' });
    await user.clear(depth);
    await user.type(depth, '7');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Measured again: 7 in');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(visitPosts(api)).toHaveLength(1));
    expect(visitPosts(api)[0].body).toMatchObject({ siteID: 11, depth: 7, crew: 'Crew B', corrects: 1, reason: 'Measured again: 7 in' });
    expect(await screen.findByText('Correction logged')).toBeInTheDocument();

    const north = card('North Lot');
    const corrected = await within(north).findByRole('listitem', { name: 'Visit 1 (corrected)' });
    expect(within(corrected).getByText(/Plowing/)).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(corrected).getByText('Corrected')).toBeInTheDocument();
    expect(within(corrected).queryByRole('button', { name: 'Correct…' })).toBeNull();
    const correction = within(north).getByRole('listitem', { name: 'Visit 2' });
    expect(within(correction).getByText('Correction of entry 1: Measured again: 7 in')).toBeInTheDocument();
  });

  it('opens a logged visit’s photos (issue 42), where the crew can take one on site', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderBoard();
    await screen.findByRole('article', { name: 'North Lot' });
    await user.click(within(card('North Lot')).getByRole('button', { name: 'Photos of visit 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photos of visit 1' });
    expect(await within(dialog).findByText('No photos yet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Take photo' })).toBeEnabled();
    expect(api.calls.some((call) => call.method === 'GET' && call.path === '/api/snowVisits/1/photos')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('moves a site up the route and saves the order, and saves a paved area', async () => {
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('article', { name: 'North Lot' });
    await user.click(screen.getByRole('button', { name: 'Route order' }));
    const route = screen.getByRole('list', { name: 'Route order' });
    expect(within(route).getByRole('button', { name: 'Move North Lot up' })).toBeDisabled();
    await user.click(within(route).getByRole('button', { name: 'Move Elm Plaza up' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT' && call.path === '/api/snowRoute')).toBe(true));
    expect(api.calls.find((call) => call.path === '/api/snowRoute')!.body).toEqual({ siteIDs: [12, 11] });
    expect(await screen.findByText('Route order saved')).toBeInTheDocument();
    expect(
      within(route)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Elm Plaza', 'North Lot']);

    const elm = within(route).getByRole('listitem', { name: 'Elm Plaza' });
    await user.type(within(elm).getByRole('spinbutton', { name: 'Paved area (ft²)' }), '12500');
    await user.click(within(elm).getByRole('button', { name: 'Save area' }));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/snowSites/12')).toBe(true));
    expect(api.calls.find((call) => call.path === '/api/snowSites/12')).toMatchObject({ method: 'PUT', body: { pavedArea: 12500 } });

    await user.click(screen.getByRole('button', { name: 'Log visits' }));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Elm Plaza', 'North Lot']);
  });
});

/** 'HH:mm' of `date` in the test's time zone, as a datetime-local input shows it. */
function localTime(date: Date) {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
