/**
 * The one notification path for failed calls (SPEC §8): the HTTP client throws react-admin's
 * HttpError, the data provider announces it, AlertNotification reports it through notify()
 * with the catalogue's type and text, once; a 401 signs out (the auth provider's checkError)
 * with no alert.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { HttpError, ListBase, useDataProvider, useNotify } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { useReportFailure } from '../../../src/admin/alerts/useReportFailure';
import { useFileDownload } from '../../../src/admin/downloads/useFileDownload';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider, type YardstickDataProvider } from '../../../src/providers/dataProvider';
import { NavigationBridge } from '../../../src/providers/navigation';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/sessionToken';
import { allowConsoleError, allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, makeToken, text } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';

afterEach(() => vi.unstubAllGlobals());

/** Calls `path` once through the data provider, as a screen does, and keeps what it rejected with. */
function Call({ path, onError }: { path: string; onError?: (error: unknown) => void }) {
  const provider = useDataProvider<YardstickDataProvider>();
  useEffect(() => {
    provider.request('GET', path).catch((error: unknown) => onError?.(error));
  }, [provider, path, onError]);
  return null;
}

function renderCall(path: string, onError?: (error: unknown) => void) {
  return renderAdmin(
    <>
      <NavigationBridge />
      <Call path={path} onError={onError} />
    </>,
    { dataProvider, authProvider, alerts: true, initialEntries: ['/home', '/customers/3'] },
  );
}

describe('a failed data provider call shows the catalogue alert for its status', () => {
  it.each([400, 403, 404, 409, 429, 499, 503])('%i: a warning with the server message', async (status) => {
    allowFailedCallLogs(status);
    fakeFetch(() => json(status, { message: `Message for ${status}.` }));
    renderCall('/customers/1');
    expect(await screen.findByRole('alert')).toHaveTextContent(`WarningMessage for ${status}.`);
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: `Message for ${status}.` });
  });

  it('a text body is the message', async () => {
    allowFailedCallLogs(404);
    fakeFetch(() => text(404, 'No such page'));
    renderCall('/nothing');
    expect(await screen.findByRole('alert')).toHaveTextContent('WarningNo such page');
  });

  it('502: the error Bad Gateway, whatever the body says', async () => {
    allowFailedCallLogs(502);
    fakeFetch(() => text(502, '<html>nginx</html>'));
    renderCall('/customers');
    expect(await screen.findByRole('alert')).toHaveTextContent('ErrorBad Gateway');
  });

  it.each([500, 501, 504])('%i: the error Unexpected Error', async (status) => {
    allowFailedCallLogs(status);
    fakeFetch(() => json(status, { message: 'Unexpected error' }));
    renderCall('/customers');
    expect(await screen.findByRole('alert')).toHaveTextContent('ErrorUnexpected Error');
  });

  it('no response at all: the error Unexpected Error', async () => {
    allowFailedCallLogs(0);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderCall('/customers');
    expect(await screen.findByRole('alert')).toHaveTextContent('ErrorUnexpected Error');
  });

  it('401: signed out to /login replacing history, and no alert', async () => {
    allowFailedCallLogs(401);
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    fakeFetch(() => json(401, { message: 'Your session has expired.' }));
    const onError = vi.fn();
    const { location } = renderCall('/customers/3', onError);
    await waitFor(() => expect(onError).toHaveBeenCalled());
    // The call stays a failure (react-admin would resolve it with empty data if checkError rejected).
    expect(onError.mock.calls[0][0]).toMatchObject({ status: 401 });
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(location()).toBe('/login'));
    await act(async () => {});
    expect(getAlertState().alert).toBeNull();
  });
});

describe('each failure is shown once', () => {
  it('a catch block reporting a failure the data provider reported stays quiet', async () => {
    allowFailedCallLogs(409);
    fakeFetch(() => json(409, { message: 'This term was changed by someone else.' }));
    function SaveThenReport() {
      const provider = useDataProvider<YardstickDataProvider>();
      const reportFailure = useReportFailure();
      const notify = useNotify();
      useEffect(() => {
        provider.request('POST', '/termsConditions/reorder').catch((error: unknown) => {
          setTimeout(() => {
            notify('Something after it', { type: 'success' });
            reportFailure(error);
          }, 50);
        });
      }, [provider, notify, reportFailure]);
      return null;
    }
    renderAdmin(<SaveThenReport />, { dataProvider, alerts: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('WarningThis term was changed by someone else.');
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Something after it' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Something after it' });
  });

  it('an HttpError no call reported (a fake provider) is shown by the first report', async () => {
    function Report() {
      const reportFailure = useReportFailure();
      useEffect(() => reportFailure(new HttpError('Refused.', 403, { message: 'Refused.' })), [reportFailure]);
      return null;
    }
    renderAdmin(<Report />, { alerts: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('WarningRefused.');
  });

  it("a failure of the screen's own code is the error Unexpected Error, with the detail in the console", async () => {
    allowConsoleError((args) => args[0] instanceof TypeError);
    function Report() {
      const reportFailure = useReportFailure();
      useEffect(() => reportFailure(new TypeError("Cannot read properties of undefined (reading 'id')")), [reportFailure]);
      return null;
    }
    renderAdmin(<Report />, { alerts: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('ErrorUnexpected Error');
  });
});

describe('a download is a call like any other', () => {
  function Download({ onDone }: { onDone: (result: string | undefined) => void }) {
    const { download } = useFileDownload();
    useEffect(() => {
      download('/operations/download').then(onDone);
    }, [download, onDone]);
    return null;
  }

  function renderDownload(onDone: (result: string | undefined) => void) {
    return renderAdmin(
      <>
        <NavigationBridge />
        <Download onDone={onDone} />
      </>,
      { dataProvider, authProvider, alerts: true, initialEntries: ['/operations'] },
    );
  }

  it('a refused download shows the server message as a warning, and saves nothing', async () => {
    allowFailedCallLogs(400);
    fakeFetch(() => json(400, { message: 'Unknown filter column: nope.' }));
    const onDone = vi.fn();
    renderDownload(onDone);
    expect(await screen.findByRole('alert')).toHaveTextContent('WarningUnknown filter column: nope.');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(undefined));
  });

  it('a 401 on a download signs out, with no alert', async () => {
    allowFailedCallLogs(401);
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    fakeFetch(() => json(401, { message: 'Your session has expired.' }));
    const onDone = vi.fn();
    const { location } = renderDownload(onDone);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(undefined));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await act(async () => {});
    expect(getAlertState().alert).toBeNull();
  });
});

describe("a failed query of react-admin's own controllers", () => {
  it("shows the catalogue's warning, not react-admin's error notice of it", async () => {
    allowFailedCallLogs(503);
    fakeFetch(() => json(503, { message: 'The database is busy; try again in a moment.' }));
    renderAdmin(
      <ListBase resource="customers">
        <span />
      </ListBase>,
      { dataProvider, alerts: true },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('WarningThe database is busy; try again in a moment.');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'The database is busy; try again in a moment.' });
  });
});
