import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteSnowLogCard } from '../../../src/resources/sites/SiteSnowLogCard';
import { dataProvider } from '../../../src/providers/dataProvider';
import { createQueryClient } from '../../../src/providers/queryClient';
import { fakeFetch, json, type FakeCall } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';
import { snowVisit } from './stormsApi';

const ENTRIES = [
  { ...snowVisit(1, 9, { correctedBy: 2, season: 2026 }), stormName: 'Storm of Jan 5, 2027' },
  { ...snowVisit(2, 9, { corrects: 1, reason: 'Wrong depth', depth: 7, season: 2026 }), stormName: 'Storm of Jan 5, 2027' },
];

describe('Site snow log card', () => {
  let calls: FakeCall[];
  let intact = true;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-10T15:00:00Z'));
    intact = true;
    calls = fakeFetch((call) => {
      if (call.path === '/api/sites/9/snowLog')
        return json(200, {
          siteID: 9,
          season: Number(call.query.get('season')),
          entries: call.query.get('season') === '2026' ? ENTRIES : [],
          head: 'hash2',
        });
      if (call.path === '/api/sites/9/snowLog/verify')
        return json(
          200,
          intact
            ? { valid: true, entries: 2, head: 'hash2abcdef0123456789', mismatch: null }
            : {
                valid: false,
                entries: 2,
                head: 'hash2abcdef0123456789',
                mismatch: { id: 2, sequence: 2, problem: 'its hash does not match its contents' },
              },
        );
      if (call.path === '/api/sites/9/snowReport')
        return new Response('%PDF-1.7', {
          status: 200,
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="snow-report-north-field-2026.pdf"' },
        });
      return json(404, { message: `unexpected ${call.method} ${call.path}` });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderCard = () => renderAdmin(<SiteSnowLogCard siteId={9} />, { dataProvider, queryClient: createQueryClient() });

  it("shows this season's entries, a correction as such, the recorder and a short hash; other seasons on choice", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderCard();
    const table = await screen.findByRole('region', { name: 'Snow log' });
    expect(screen.getByText('Snow log (2)')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Season' })).toHaveTextContent('2026–27');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Corrected by entry 2')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Corrects entry 1: Wrong depth')).toBeInTheDocument();
    expect(within(rows[1]).getByText('7 in')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(rows[1]).getByText('hash2abcde')).toBeInTheDocument();
    expect(within(rows[0]).getAllByText('Storm of Jan 5, 2027')).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Season' }));
    await user.click(await screen.findByRole('option', { name: '2025–26' }));
    expect(await screen.findByText('No snow visit logged in 2025–26.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/sites/9/snowLog' && call.query.get('season') === '2025')).toBe(true);
  });

  it('verifies the chain: intact, then the first mismatch said plainly', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderCard();
    await screen.findByRole('region', { name: 'Snow log' });
    await user.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('The log is intact: 2 entries checked, head hash2abcde.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/sites/9/snowLog/verify')!.query.get('season')).toBe('2026');

    intact = false;
    await user.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('The log does not check out at entry 2: its hash does not match its contents.')).toBeInTheDocument();
  });

  it("downloads the season's report", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = () => 'blob:1';
    URL.revokeObjectURL = () => undefined;
    renderCard();
    await screen.findByRole('region', { name: 'Snow log' });
    await user.click(screen.getByRole('button', { name: 'Season report (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/sites/9/snowReport')!.query.get('season')).toBe('2026');
    click.mockRestore();
  });
});
