import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useDataProvider, useNotify, useUpdate, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { AlertArea } from '../../../src/admin/alerts/AlertArea';
import { getAlertState, reportProgress, showError, showSuccess, showWarning } from '../../../src/admin/alerts/alertStore';
import { ALERT_CLEAR_AFTER_FADE_MS, ALERT_FADE_AFTER_MS } from '../../../src/domain/constants';
import { dataProvider as realDataProvider } from '../../../src/providers/dataProvider';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('alert timing (SPEC §4, §9)', () => {
  it('uses the constants of the spec', () => {
    expect([ALERT_FADE_AFTER_MS, ALERT_CLEAR_AFTER_FADE_MS]).toEqual([5000, 500]);
  });

  it('shows the title and message, fades after 5 s and is cleared 0.5 s later', () => {
    vi.useFakeTimers();
    render(<AlertArea />);
    act(() => showSuccess('Customer Saved'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Success');
    expect(alert).toHaveTextContent('Customer Saved');

    advance(ALERT_FADE_AFTER_MS - 1);
    expect(getAlertState().alert?.fading).toBe(false);
    expect(screen.getByRole('alert')).not.toHaveStyle({ opacity: '0' });

    advance(1);
    expect(getAlertState().alert?.fading).toBe(true);
    expect(screen.getByRole('alert')).toHaveStyle({ opacity: '0' });

    advance(ALERT_CLEAR_AFTER_FADE_MS - 1);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(getAlertState().alert).toBeNull();
  });

  it('replaces the previous alert and restarts the timer', () => {
    vi.useFakeTimers();
    render(<AlertArea />);
    act(() => showError('First'));
    advance(4000);
    act(() => showWarning('Second'));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('WarningSecond');

    advance(4000); // 8 s after the first, 4 s after the second: still fully shown
    expect(getAlertState().alert).toMatchObject({ message: 'Second', fading: false });
    advance(1000);
    expect(getAlertState().alert?.fading).toBe(true);
    advance(ALERT_CLEAR_AFTER_FADE_MS);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a repeated message is a new alert with a fresh timer', () => {
    vi.useFakeTimers();
    render(<AlertArea />);
    act(() => showSuccess('Contact Saved'));
    advance(4900);
    act(() => showSuccess('Contact Saved'));
    advance(4900);
    expect(getAlertState().alert).toMatchObject({ message: 'Contact Saved', fading: false });
  });

  it('titles each type: Error, Warning, Success', () => {
    render(<AlertArea />);
    act(() => showError('e'));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Errore$/);
    act(() => showWarning('w'));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Warningw$/);
    act(() => showSuccess('s'));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Successs$/);
  });

  it('closes at once with its close button', () => {
    render(<AlertArea />);
    act(() => showSuccess('Item Saved'));
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('progress channel', () => {
  it('shows loaded / total and is reset when the alert clears', () => {
    vi.useFakeTimers();
    render(<AlertArea />);
    act(() => reportProgress(50, 200));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '25');
    act(() => showSuccess('Uploaded'));
    act(() => reportProgress(200, 200));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    advance(ALERT_FADE_AFTER_MS + ALERT_CLEAR_AFTER_FADE_MS);
    expect(getAlertState().progress).toBeNull();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it.each([
    [-1, 10],
    [1, Number.NaN],
    [1, -5],
  ])('refuses %s of %s and keeps the previous progress', (loaded, total) => {
    reportProgress(1, 2);
    expect(() => reportProgress(loaded, total)).toThrow(RangeError);
    expect(() => reportProgress(loaded, total)).toThrow('Upload progress needs two non-negative numbers');
    expect(getAlertState().progress).toEqual({ loaded: 1, total: 2, kind: 'Upload' });
  });
});

function Notify({ message, type, args }: { message: string; type: 'success' | 'info' | 'warning' | 'error'; args?: object }) {
  const notify = useNotify();
  useEffect(() => notify(message, { type, messageArgs: args }), [notify, message, type, args]);
  return null;
}

function renderWithNotifications(children: React.ReactNode, dataProvider?: DataProvider) {
  return renderAdmin(children, { dataProvider, alerts: true });
}

describe("react-admin's notify() goes to the alert area", () => {
  it.each([
    ['success', 'Success'],
    ['warning', 'Warning'],
    ['error', 'Error'],
    ['info', 'Success'],
  ] as const)('a %s notification shows as %s', async (type, title) => {
    renderWithNotifications(<Notify message="Customer Saved" type={type} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${title}Customer Saved`);
  });

  it("translates react-admin's own messages", async () => {
    renderWithNotifications(<Notify message="ra.notification.updated" type="info" args={{ smart_count: 1 }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Element updated');
  });

  it("shows react-admin's invalid-form message as the warning 'Form is invalid.'", async () => {
    renderWithNotifications(<Notify message="ra.message.invalid_form" type="error" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('WarningForm is invalid.');
  });

  it("does not show react-admin's own notice of a failed call: the failure's catalogue alert stays", async () => {
    allowFailedCallLogs(404);
    fakeFetch(() => json(404, { message: 'Customer not found.' }));
    function FailedLoad() {
      const dataProvider = useDataProvider();
      const notify = useNotify();
      useEffect(() => {
        dataProvider.getOne('customers', { id: 99 }).catch((error: Error) => {
          // What react-admin's controllers notify about a failed call.
          notify(error.message, { type: 'error', messageArgs: { _: error.message } });
          notify('ra.notification.item_doesnt_exist', { type: 'error' });
        });
      }, [dataProvider, notify]);
      return null;
    }
    renderWithNotifications(<FailedLoad />, realDataProvider);
    expect(await screen.findByRole('alert')).toHaveTextContent('WarningCustomer not found.');
    await act(async () => {});
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Customer not found.' });
    vi.unstubAllGlobals();
  });

  it('an error notification of the app with the same words as a failure is an alert of its own', async () => {
    renderWithNotifications(<Notify message="Someone else changed this." type="error" />);
    await act(async () => {});
    expect(getAlertState().alert).toMatchObject({ type: 'ERROR', message: 'Someone else changed this.' });
  });

  it('commits an undoable change at once, since there is no Undo button', async () => {
    const update = vi.fn(async (_resource: string, params: { id: number; data: object }) => ({
      data: { id: params.id, ...params.data },
    }));
    const dataProvider = { update } as never;
    function UndoableSave() {
      const [save] = useUpdate();
      const notify = useNotify();
      useEffect(() => {
        save(
          'customers',
          { id: 1, data: { name: 'Acme' }, previousData: { id: 1, name: 'Old' } },
          { mutationMode: 'undoable', onSuccess: () => notify('Customer Saved', { type: 'success', undoable: true }) },
        );
      }, [save, notify]);
      return null;
    }
    renderWithNotifications(<UndoableSave />, dataProvider);
    expect(await screen.findByRole('alert')).toHaveTextContent('Customer Saved');
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(1));
  });
});
