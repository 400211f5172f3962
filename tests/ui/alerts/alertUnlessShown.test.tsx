import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertUnlessShown } from '../../../src/custom/alerts/alertUnlessShown';
import { clearAlert, getAlertState, showSuccess } from '../../../src/custom/alerts/alertStore';
import { httpRequest } from '../../../src/providers/httpClient';
import { allowConsoleError } from '../consoleErrors';
import { fakeFetch, json } from '../fakeApi';

describe('a catch block that reports what the user has not been told', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearAlert();
  });

  it('stays quiet for a failure the HTTP client has shown', async () => {
    fakeFetch(() => json(409, { message: 'This term was changed by someone else.' }));
    const error = await httpRequest('/api/termsConditions/reorder', { method: 'POST', body: { ids: [] } }).catch((e) => e);
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'This term was changed by someone else.' });
    showSuccess('something after it');
    alertUnlessShown(error);
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'something after it' });
  });

  it("shows 'Unexpected Error' for a failure of the screen's own code", () => {
    allowConsoleError((args) => args[0] instanceof TypeError);
    alertUnlessShown(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(getAlertState().alert).toMatchObject({ type: 'ERROR', message: 'Unexpected Error' });
  });
});
