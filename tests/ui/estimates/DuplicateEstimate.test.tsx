import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { EstimateEdit } from '../../../src/resources/estimates/EstimateEdit';
import { json, makeToken } from '../fakeApi';
import { renderAdmin, routes } from '../renderAdmin';
import { fakeEstimateApi, type EstimateApi } from './estimateApi';

let api: EstimateApi;

function renderDetail() {
  return renderAdmin(routes({ '/estimates/:id/*': <EstimateEdit />, '/estimates': <p>Estimates list</p> }), {
    dataProvider,
    initialEntries: ['/estimates/42/detail'],
    alerts: true,
  });
}

/** The original is still there (the estimates it refreshes after the copy is made), as the stand-in now serves the copy. */
function keepServing(original: EstimateApi['estimate']) {
  api.override('GET', `/api/estimates/${original.id}`, () => json(200, original));
}

beforeEach(() => {
  storeToken(makeToken());
  api = fakeEstimateApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Duplicate estimate (issue 23)', () => {
  it("opens with this customer, this site and '<name> (copy)', sends them, and opens the copy", async () => {
    // From then on the stand-in serves the copy.
    api.override('POST', '/api/estimates/42/duplicate', () => {
      keepServing(api.estimate);
      api.estimate = { ...api.estimate, id: 77, number: 1008, projectName: 'Spring Cleanup 2025 (copy)' };
      return json(201, { id: 77 });
    });
    const { location } = renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate Estimate' });
    expect(within(dialog).getByRole('textbox', { name: /Project Name/ })).toHaveValue('Spring Cleanup 2025 (copy)');
    expect(within(dialog).getByRole('combobox', { name: /Customer/ })).toHaveValue('Green Acres Estate');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Site/ })).toHaveTextContent('North Field'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/estimates/77/detail'));
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ siteID: 9, projectName: 'Spring Cleanup 2025 (copy)' });
    // The app's alert, not the copy's "Below the target" note, which may have loaded first.
    const alertArea = await screen.findByTestId('alert-area');
    expect(await within(alertArea).findByRole('alert')).toHaveTextContent('Estimate Duplicated');
    expect(await screen.findByRole('heading', { name: 'Spring Cleanup 2025 (copy)' })).toBeInTheDocument();
  });

  it('duplicates to another site of the customer, and refuses an empty project name without sending', async () => {
    api.override('POST', '/api/estimates/42/duplicate', () => {
      keepServing(api.estimate);
      api.estimate = { ...api.estimate, id: 78, projectName: 'Fall Cleanup', siteID: 10 };
      return json(201, { id: 78 });
    });
    const { location } = renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate Estimate' });
    await user.clear(within(dialog).getByRole('textbox', { name: /Project Name/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Project Name is required/)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Project Name/ }), 'Fall Cleanup');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Site/ })).toHaveTextContent('North Field'));
    await user.click(within(dialog).getByRole('combobox', { name: /Site/ }));
    await user.click(await screen.findByRole('option', { name: /South Lawn/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ siteID: 10, projectName: 'Fall Cleanup' });
    await waitFor(() => expect(location()).toBe('/estimates/78/detail'));
    expect(await screen.findByRole('heading', { name: 'Fall Cleanup' })).toBeInTheDocument();
  });
});
