import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/dataProvider';
import { lostReasonMessages } from '../../../src/domain/lostReasons';
import { EstimateEdit } from '../../../src/resources/estimates/EstimateEdit';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { renderAdmin, routes } from '../renderAdmin';
import { fakeEstimateApi, storedEstimate, type EstimateApi } from './estimateApi';

let api: EstimateApi;

beforeEach(() => {
  api = fakeEstimateApi();
});
afterEach(() => vi.unstubAllGlobals());

function renderDetail() {
  return renderAdmin(routes({ '/estimates/:id/*': <EstimateEdit /> }), {
    dataProvider,
    initialEntries: ['/estimates/42/detail'],
    alerts: true,
  });
}

async function chooseStatus(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Status' }));
  await user.click(screen.getByRole('option', { name }));
}

/** Issue 39: marking an estimate Estimate Lost asks why, from the office's list. */
describe('the lost reason of an estimate', () => {
  it('asks for a reason only while the status is Estimate Lost', async () => {
    const user = userEvent.setup();
    renderDetail();
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveTextContent('In Progress');
    expect(screen.queryByRole('combobox', { name: /Lost Reason/ })).toBeNull();
    await chooseStatus(user, 'Estimate Lost');
    expect(screen.getByRole('combobox', { name: /Lost Reason/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Lost Note' })).toBeInTheDocument();
    await chooseStatus(user, 'Client Proposal Phase');
    expect(screen.queryByRole('combobox', { name: /Lost Reason/ })).toBeNull();
  });

  it('refuses to save a lost estimate without a reason, then saves the reason chosen from the list and the note', async () => {
    const user = userEvent.setup();
    renderDetail();
    await chooseStatus(user, 'Estimate Lost');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(lostReasonMessages.required)).toBeInTheDocument();
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    expect(api.puts()).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: /Lost Reason/ }));
    const offered = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    // The office sees its internal reasons too.
    expect(offered).toEqual(['Price', 'Timing', 'Bad fit for us']);
    await user.click(screen.getByRole('option', { name: 'Timing' }));
    await user.type(screen.getByRole('textbox', { name: 'Lost Note' }), 'Next spring.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.puts()).toHaveLength(1));
    expect(api.puts()[0].body).toMatchObject({ status: 3, lostReason: 'Timing', lostNote: 'Next spring.' });
    expect(screen.queryByText(lostReasonMessages.required)).toBeNull();
  });

  it('keeps a reason the list no longer has as a choice of the estimate that holds it', async () => {
    api.estimate = storedEstimate({ status: 3, lostReason: 'Weather', lostNote: 'Storm season.' });
    renderDetail();
    const select = await screen.findByRole('combobox', { name: /Lost Reason/ });
    await waitFor(() => expect(select).toHaveTextContent('Weather'));
    expect(screen.getByRole('textbox', { name: 'Lost Note' })).toHaveValue('Storm season.');
  });
});
