import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Form, TextInput } from 'react-admin';
import { App } from '../../../src/App';
import { UnsavedChangesGuard } from '../../../src/admin/forms/UnsavedChangesGuard';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/sessionToken';
import { EstimateEdit } from '../../../src/resources/estimates/EstimateEdit';
import { EstimateList } from '../../../src/resources/estimates/EstimateList';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { json, makeToken } from '../fakeApi';
import { renderAdmin, routes } from '../renderAdmin';
import { UNSAVED_CHANGES } from '../unsavedQuestion';
import { fakeEstimateApi, type EstimateApi } from './estimateApi';

let api: EstimateApi;
let confirm: MockInstance<typeof window.confirm>;

beforeEach(() => {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
  api = fakeEstimateApi();
  confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  confirm.mockRestore();
});

/** Refreshes the estimate as a reload from elsewhere would (the work areas panel, a window refocus). */
function RefreshEstimate() {
  const queryClient = useQueryClient();
  return (
    <button type="button" onClick={() => void queryClient.invalidateQueries({ queryKey: ['estimates'] })}>
      Refresh estimate
    </button>
  );
}

function renderDetail() {
  return renderAdmin(
    routes({
      '/estimates/:id/*': <EstimateEdit workAreas={() => <RefreshEstimate />} />,
      '/customers/:id': <p>Customer page</p>,
      '/home': <p>Home page</p>,
    }),
    { dataProvider, initialEntries: ['/estimates/42/detail'] },
  );
}

const nameInput = () => screen.getByRole('textbox', { name: 'Name' });

/** A second guarded form on the estimate's screen, as the notes of a selected work area are. */
function NotesLikeForm() {
  return (
    <Form record={{ id: 7, notes: '' }} onSubmit={() => undefined}>
      <UnsavedChangesGuard rootPathname="/estimates/42/" />
      <TextInput source="notes" label="Area notes" />
    </Form>
  );
}

function renderDetailWithNotes() {
  return renderAdmin(
    routes({
      '/estimates/:id/*': <EstimateEdit workAreas={() => <NotesLikeForm />} />,
      '/customers/:id': <p>Customer page</p>,
    }),
    { dataProvider, initialEntries: ['/estimates/42/detail'] },
  );
}

describe('leaving the estimate detail', () => {
  it('does not ask when nothing was changed', async () => {
    const user = userEvent.setup();
    const { location } = renderDetail();
    await user.click(await screen.findByRole('link', { name: 'Green Acres Estate' }));
    await waitFor(() => expect(location()).toBe('/customers/5'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks first with unsaved changes: cancelling keeps them, confirming leaves', async () => {
    const user = userEvent.setup();
    const { location } = renderDetail();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' & Mulch');
    await user.click(screen.getByRole('link', { name: 'Green Acres Estate' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES));
    expect(location()).toBe('/estimates/42/detail');
    expect(nameInput()).toHaveValue('Spring Cleanup 2025 & Mulch');

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'Green Acres Estate' }));
    await waitFor(() => expect(location()).toBe('/customers/5'));
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('moves between the panels of the same estimate without asking', async () => {
    const { navigate, location } = renderDetail();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '!');
    await navigate('/estimates/42/workAreas');
    await waitFor(() => expect(location()).toBe('/estimates/42/workAreas'));
    expect(confirm).not.toHaveBeenCalled();
    expect(nameInput()).toHaveValue('Spring Cleanup 2025!');
  });

  it('does not ask once the changes are saved', async () => {
    const user = userEvent.setup();
    const { location } = renderDetail();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' & Mulch');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Estimate Saved' }));
    // The reload after the save has come back.
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'GET' && c.path === '/api/estimates/42')).toHaveLength(2));
    await user.click(screen.getByRole('link', { name: 'Green Acres Estate' }));
    await waitFor(() => expect(location()).toBe('/customers/5'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('keeps unsaved changes through a reload of the estimate, and still asks', async () => {
    const user = userEvent.setup();
    const { location } = renderDetail();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' & Mulch');
    api.estimate = { ...api.estimate, subtotal: 2500, status: 1, version: 4 };
    await user.click(screen.getByRole('button', { name: 'Refresh estimate' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Client Proposal Phase'));
    expect(nameInput()).toHaveValue('Spring Cleanup 2025 & Mulch');

    await user.click(screen.getByRole('link', { name: 'Green Acres Estate' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES));
    expect(location()).toBe('/estimates/42/detail');

    // Saved over the version the reload brought.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.puts()).toHaveLength(1));
    expect(api.puts()[0].body).toMatchObject({ projectName: 'Spring Cleanup 2025 & Mulch', status: 1, version: 4 });
  });
});

describe('leaving the estimate detail with another form on it (the notes of a work area)', () => {
  it("asks for the estimate's unsaved changes although the other form has none", async () => {
    const user = userEvent.setup();
    const { location } = renderDetailWithNotes();
    await screen.findByRole('textbox', { name: 'Area notes' });
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' & Mulch');
    await user.click(screen.getByRole('link', { name: 'Green Acres Estate' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES));
    expect(location()).toBe('/estimates/42/detail');
    expect(nameInput()).toHaveValue('Spring Cleanup 2025 & Mulch');
  });

  it("asks for the other form's unsaved input, and not for moves within the estimate", async () => {
    const user = userEvent.setup();
    const { location, navigate } = renderDetailWithNotes();
    await user.type(await screen.findByRole('textbox', { name: 'Area notes' }), 'Gate code 4411');
    await navigate('/estimates/42/notes');
    await waitFor(() => expect(location()).toBe('/estimates/42/notes'));
    expect(confirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'Green Acres Estate' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES));
    expect(location()).toBe('/estimates/42/notes');
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'Green Acres Estate' }));
    await waitFor(() => expect(location()).toBe('/customers/5'));
  });
});

describe('leaving the New Estimate modal', () => {
  it('asks first when something was typed', async () => {
    const user = userEvent.setup();
    const { navigate, location } = renderAdmin(routes({ '/estimates': <EstimateList />, '/home': <p>Home page</p> }), {
      dataProvider,
      authProvider,
      initialEntries: ['/estimates'],
    });
    api.override('GET', '/api/estimates', () => json(200, { estimates: [], count: 0 }));
    await user.click(await screen.findByRole('button', { name: 'New Estimate' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Estimate' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Project Name' }), 'Spring Cleanup');

    await navigate('/home');
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES));
    expect(location()).toBe('/estimates');
    expect(within(dialog).getByRole('textbox', { name: 'Project Name' })).toHaveValue('Spring Cleanup');
  });
});

describe('in the whole app', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("the app's router can block: the side navigation asks before leaving unsaved changes", async () => {
    api.override('GET', '/api/customers', () => json(200, { customers: [], count: 0 }));
    window.history.replaceState(null, '', '/estimates/42/detail');
    const user = userEvent.setup();
    render(<App />);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' & Mulch');
    await user.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Customers' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES));
    expect(window.location.pathname).toBe('/estimates/42/detail');
    expect(nameInput()).toHaveValue('Spring Cleanup 2025 & Mulch');

    confirm.mockReturnValue(true);
    await user.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Customers' }));
    await waitFor(() => expect(window.location.pathname).toBe('/customers'));
  });
});
