import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMoveVisit, type VisitMove } from '../../../src/pages/schedule/useMoveVisit';
import { dataProvider } from '../../../src/providers/dataProvider';
import { allowFailedCallLogs } from '../consoleErrors';
import { renderAdmin } from '../renderAdmin';
import { fakeVisitsApi, putCalls, visit, type VisitsApi } from './visitsApi';

const STALE = 'This visit was changed by someone else; reload to see the changes.';
const MOWING = visit(1, '2026-06-10', 'Weekly Mowing', 'Acme Landscaping', { version: 4 });

/** What the calendar's eventDrop does with a visit dropped on another day (ScheduleCalendar). */
let move: (move: VisitMove) => Promise<boolean>;
function DropHandler() {
  move = useMoveVisit();
  return null;
}

describe('Dragging a visit to another day', () => {
  let api: VisitsApi;

  beforeEach(() => {
    api = fakeVisitsApi([MOWING]);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saves the day with the version it was read at', async () => {
    renderAdmin(<DropHandler />, { dataProvider });
    const revert = vi.fn();
    await expect(move({ visit: MOWING, date: '2026-06-12', revert })).resolves.toBe(true);
    expect(putCalls(api)).toHaveLength(1);
    expect(putCalls(api)[0].path).toBe('/api/visits/1');
    expect(putCalls(api)[0].body).toEqual({ date: '2026-06-12', version: 4 });
    expect(revert).not.toHaveBeenCalled();
  });

  it('puts the visit back and shows the server’s message on a 409', async () => {
    allowFailedCallLogs(409);
    api.refuseWith = { status: 409, message: STALE };
    renderAdmin(<DropHandler />, { dataProvider, alerts: true });
    const revert = vi.fn();
    await expect(move({ visit: MOWING, date: '2026-06-12', revert })).resolves.toBe(false);
    expect(revert).toHaveBeenCalledTimes(1);
    expect(putCalls(api)[0].body).toEqual({ date: '2026-06-12', version: 4 });
    const alertArea = await screen.findByTestId('alert-area');
    await waitFor(() => expect(within(alertArea).getByRole('alert')).toHaveTextContent(STALE));
  });

  it('sends nothing for a drop on the same day', async () => {
    renderAdmin(<DropHandler />, { dataProvider });
    const revert = vi.fn();
    await expect(move({ visit: MOWING, date: '2026-06-10', revert })).resolves.toBe(true);
    expect(putCalls(api)).toHaveLength(0);
  });
});
