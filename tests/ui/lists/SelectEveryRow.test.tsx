import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customers } from '../../../src/schema';
import { dataProvider } from '../../../src/providers/dataProvider';
import { fakeFetch, json } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';
import { AppListScreen } from '../appScreens';

/** "Select every row shown" is a native checkbox: mixed is its indeterminate property, never aria-checked (axe). */
describe('Select every row shown', () => {
  afterEach(() => vi.unstubAllGlobals());

  const rows = [
    { id: 1, name: 'Acme Lawns' },
    { id: 2, name: 'Busy Co' },
    { id: 3, name: 'Cedar Farm' },
  ];

  it('is mixed through the input itself while some rows are ticked, and checked when all are', async () => {
    const user = userEvent.setup();
    fakeFetch((call) => (call.path === '/api/customers' ? json(200, { customers: rows, count: 3 }) : json(200, {})));
    renderAdmin(<AppListScreen entity={customers} />, { dataProvider, initialEntries: ['/customers'] });
    await screen.findByText('Acme Lawns');
    const every = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select every row shown' });
    const state = () => ({
      ariaChecked: every().getAttribute('aria-checked'),
      indeterminate: every().indeterminate,
      checked: every().checked,
    });
    expect(state()).toEqual({ ariaChecked: null, indeterminate: false, checked: false });

    await user.click(screen.getByRole('checkbox', { name: 'Select customer Busy Co' }));
    await waitFor(() => expect(state()).toEqual({ ariaChecked: null, indeterminate: true, checked: false }));

    await user.click(every());
    await waitFor(() => expect(state()).toEqual({ ariaChecked: null, indeterminate: false, checked: true }));

    await user.click(every());
    await waitFor(() => expect(state()).toEqual({ ariaChecked: null, indeterminate: false, checked: false }));
  });
});
