import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/dataProvider';
import { estimatePricing } from '../../../src/domain/pricing';
import { EstimateEdit } from '../../../src/resources/estimates/EstimateEdit';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { allowFailedCallLogs } from '../consoleErrors';
import { json } from '../fakeApi';
import { renderAdmin, routes } from '../renderAdmin';
import { fakeEstimateApi, storedEstimate, type EstimateApi } from './estimateApi';

let api: EstimateApi;

beforeEach(() => {
  api = fakeEstimateApi();
});
afterEach(() => vi.unstubAllGlobals());

/**
 * Stands in for the work areas panel: what it does after an area or item write is change the
 * stored areas and refresh the 'workAreas' queries.
 */
function FakeWorkAreasPanel({ onChange }: { onChange: () => void }) {
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      onClick={() => {
        onChange();
        void queryClient.invalidateQueries({ queryKey: ['workAreas'] });
      }}
    >
      Change areas
    </button>
  );
}

function renderDetail({ path = '/estimates/42/detail', from }: { path?: string; from?: string } = {}) {
  const includePavers = () => {
    api.areas = api.areas.map((area) => (area.id === 4 ? { ...area, isIncluded: true } : area));
  };
  return renderAdmin(
    routes({
      '/estimates/:id/*': <EstimateEdit workAreas={() => <FakeWorkAreasPanel onChange={includePavers} />} />,
      '/estimates': <p>Estimates list</p>,
      '/customers/:id': <p>Customer page</p>,
    }),
    { dataProvider, initialEntries: from ? [from, path] : [path], alerts: true },
  );
}

const figure = (name: string) => screen.getByRole('textbox', { name });
const discountInput = () => screen.getByRole('spinbutton', { name: 'Discount (%)' });

async function typeDiscount(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.clear(discountInput());
  if (value) await user.type(discountInput(), value);
}

describe('Estimate detail', () => {
  it('shows the project name, the customer link, Print, Delete, Archive and Save, and the General card', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Spring Cleanup 2025' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Green Acres Estate' })).toHaveAttribute('href', '/customers/5');
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(expect.arrayContaining(['Print', 'Delete', 'Archive', 'Save']));
    expect(screen.queryByText('Archived')).not.toBeInTheDocument();

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Spring Cleanup 2025');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('In Progress');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Salesperson' })).toHaveTextContent('Ada Lovelace'));
    expect(screen.getByRole('combobox', { name: 'Estimator' })).toHaveTextContent('Grace Hopper');
  });

  it('offers no disabled user for a new choice, but names the one the estimate already has', async () => {
    const user = userEvent.setup();
    api.estimate = storedEstimate({ estimator: 9 });
    renderDetail();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Estimator' })).toHaveTextContent('Max Leaver (disabled)'));
    await user.click(screen.getByRole('combobox', { name: 'Salesperson' }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  it('offers the four statuses', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['In Progress', 'Client Proposal Phase', 'Contract Signed', 'Estimate Lost']);
    await user.click(screen.getByRole('option', { name: 'Contract Signed' }));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Contract Signed');
  });

  it('renders the work areas panel in #work-areas, outside the estimate form', async () => {
    renderDetail();
    const panel = await screen.findByRole('button', { name: 'Change areas' });
    const slot = document.getElementById('work-areas')!;
    expect(slot).toContainElement(panel);
    expect(panel.closest('form')).toBeNull();
  });
});

describe('Pricing card', () => {
  it('prices the included areas: Subtotal, Taxes and Total, read-only', async () => {
    renderDetail();
    await waitFor(() => expect(figure('Subtotal')).toHaveValue('$1,800.00'));
    // tests/unit/pricing.test.ts: 1000 NJ + 500 PA + 300 EXEMPT (+ 10000 Phila left out)
    expect(figure('Taxes')).toHaveValue('$96.25');
    expect(figure('Total')).toHaveValue('$1,896.25');
    expect(discountInput()).toHaveValue(0);
    for (const name of ['Subtotal', 'Taxes', 'Total']) expect(figure(name)).toHaveAttribute('readonly');
  });

  it('follows the discount as it is typed, and shows nothing for an invalid one with the server message', async () => {
    const user = userEvent.setup();
    renderDetail();
    await waitFor(() => expect(figure('Total')).toHaveValue('$1,896.25'));

    await typeDiscount(user, '10');
    // 900 × 6.625 % = 59.625 → 59.63, 450 × 6 % = 27: taxes 86.63; total 1620 + 86.63
    await waitFor(() => expect(figure('Taxes')).toHaveValue('$86.63'));
    expect(figure('Subtotal')).toHaveValue('$1,800.00');
    expect(figure('Total')).toHaveValue('$1,706.63');
    expect(estimatePricing(api.areas, 10)).toEqual({ discount: 10, subtotal: 1800, taxes: 86.63, total: 1706.63 });

    await typeDiscount(user, '150');
    expect(await screen.findByText('Discount cannot exceed 100.')).toBeInTheDocument();
    expect(figure('Total')).toHaveValue('');

    await typeDiscount(user, '-5');
    expect(await screen.findByText('Discount cannot be negative.')).toBeInTheDocument();
    expect(figure('Taxes')).toHaveValue('');

    await typeDiscount(user, '100');
    await waitFor(() => expect(figure('Total')).toHaveValue('$0.00'));
    expect(screen.queryByText(/Discount cannot/)).not.toBeInTheDocument();

    // A blank discount is no discount (the server stores 0).
    await typeDiscount(user, '');
    await waitFor(() => expect(figure('Total')).toHaveValue('$1,896.25'));
  });

  it('follows the work areas when the panel refreshes them', async () => {
    const user = userEvent.setup();
    renderDetail();
    await waitFor(() => expect(figure('Total')).toHaveValue('$1,896.25'));
    await typeDiscount(user, '10');
    await waitFor(() => expect(figure('Total')).toHaveValue('$1,706.63'));

    await user.click(screen.getByRole('button', { name: 'Change areas' }));
    // Pavers included: 11800; taxes 59.63 + 27 + 0 + 9000 × 8 % = 806.63; total 10620 + 806.63
    await waitFor(() => expect(figure('Subtotal')).toHaveValue('$11,800.00'));
    expect(figure('Taxes')).toHaveValue('$806.63');
    expect(figure('Total')).toHaveValue('$11,426.63');
    expect(estimatePricing(api.areas, 10)).toEqual({ discount: 10, subtotal: 11800, taxes: 806.63, total: 11426.63 });
    // The typed discount is still there, unsaved.
    expect(discountInput()).toHaveValue(10);
    expect(api.puts()).toHaveLength(0);
  });
});

describe('saving', () => {
  it("saves the §7 body with its version, says 'Estimate Saved' and reloads the estimate", async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Client Proposal Phase' }));
    await typeDiscount(user, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Estimate Saved' }));
    const put = api.puts()[0];
    expect(put.path).toBe('/api/estimates/42');
    expect(String((put.body as { id: unknown }).id)).toBe('42');
    expect(put.body).toMatchObject({
      siteID: 9,
      status: 1,
      projectName: 'Spring Cleanup 2025',
      salesperson: 7,
      estimator: 8,
      discount: 12.5,
      isArchived: false,
      version: 3,
    });
    const putIndex = api.calls.indexOf(put);
    await waitFor(() => expect(api.calls.slice(putIndex + 1).some((c) => c.method === 'GET' && c.path === '/api/estimates/42')).toBe(true));
    expect(discountInput()).toHaveValue(12.5);
  });

  it('refuses an invalid form with the field messages, sending nothing', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.clear(await screen.findByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Project Name is required.')).toBeInTheDocument();
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x'.repeat(151));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Project Name cannot exceed 150 characters.')).toBeInTheDocument();
    expect(api.puts()).toHaveLength(0);
  });

  it("puts the server's field messages under their fields", async () => {
    allowFailedCallLogs(400);
    const user = userEvent.setup();
    renderDetail();
    await screen.findByRole('heading', { name: 'Spring Cleanup 2025' });
    api.override('PUT', '/api/estimates/42', () =>
      json(400, { message: 'Form is invalid.', errors: { estimator: 'Estimator is invalid.' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Estimator is invalid.')).toBeInTheDocument();
  });

  it('keeps the edits through a 409, says why, and saves them over the latest version on the next Save', async () => {
    allowFailedCallLogs(409);
    const user = userEvent.setup();
    renderDetail();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    // Meanwhile someone else moved the estimate on.
    api.estimate = storedEstimate({ version: 4, status: 2, projectName: 'Spring Cleanup (old name)' });

    await user.clear(name);
    await user.type(name, 'Spring Cleanup & Mulch');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The server's reason, then, once the latest version is in under the edits, what to do now.
    await waitFor(() =>
      expect(getAlertState().alert).toMatchObject({
        type: 'WARNING',
        message:
          'This estimate was changed by someone else since you opened it. Their changes are on screen now and yours are kept: Save again to apply yours.',
      }),
    );
    expect(api.puts()[0].body).toMatchObject({ projectName: 'Spring Cleanup & Mulch', version: 3 });
    // The latest version comes in; what was typed stays.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Contract Signed'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Spring Cleanup & Mulch');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Estimate Saved' }));
    expect(api.puts()[1].body).toMatchObject({ projectName: 'Spring Cleanup & Mulch', status: 2, version: 4 });
    expect(api.estimate).toMatchObject({ projectName: 'Spring Cleanup & Mulch', version: 5 });
  });
});

describe('Archive / Unarchive', () => {
  it('flips isArchived and saves at once with the version, then offers the way back', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(api.puts()).toHaveLength(1));
    expect(api.puts()[0].body).toMatchObject({ isArchived: true, version: 3 });
    expect(await screen.findByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
    expect(screen.getByText('Archived')).toBeInTheDocument();
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Estimate Saved' });

    await user.click(screen.getByRole('button', { name: 'Unarchive' }));
    await waitFor(() => expect(api.puts()).toHaveLength(2));
    expect(api.puts()[1].body).toMatchObject({ isArchived: false, version: 4 });
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.queryByText('Archived')).not.toBeInTheDocument();
  });

  it('saves what the form shows along with the flag', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('combobox', { name: 'Estimator' }));
    await user.click(screen.getByRole('option', { name: 'Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(api.puts()).toHaveLength(1));
    expect(api.puts()[0].body).toMatchObject({ isArchived: true, estimator: 7, version: 3 });
  });

  it('changes nothing when the server refuses', async () => {
    allowFailedCallLogs(409);
    const user = userEvent.setup();
    renderDetail();
    await screen.findByRole('heading', { name: 'Spring Cleanup 2025' });
    api.estimate = storedEstimate({ version: 9 });
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(getAlertState().alert?.type).toBe('WARNING'));
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(api.estimate.isArchived).toBe(false);
  });
});

describe('Delete', () => {
  it('asks first, then goes back to the previous page', async () => {
    const user = userEvent.setup();
    const { location } = renderDetail({ from: '/customers/5' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(within(dialog).getByText('Are you sure you would like to delete this estimate?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/customers/5'));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/estimates/42']);
  });

  it('goes to the estimates list when the estimate was opened directly, even with unsaved edits', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm');
    const { location } = renderDetail();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' (draft)');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/estimates'));
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('panels', () => {
  it('/workAreas opens the same page scrolled to the work areas; /notes to the notes once they show', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    try {
      const { navigate } = renderDetail({ path: '/estimates/42/workAreas' });
      expect(await screen.findByRole('heading', { name: 'Spring Cleanup 2025' })).toBeInTheDocument();
      await waitFor(() => expect(scrolled).toEqual(['work-areas']));

      await navigate('/estimates/42/notes');
      await waitFor(() => expect(scrolled).toEqual(['work-areas', 'work-areas']));
      const notes = document.createElement('div');
      notes.id = 'notes';
      document.getElementById('work-areas')!.appendChild(notes);
      await waitFor(() => expect(scrolled).toEqual(['work-areas', 'work-areas', 'notes']));
      notes.remove();
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('sends an unknown panel to /detail', async () => {
    const { location } = renderDetail({ path: '/estimates/42/print' });
    await waitFor(() => expect(location()).toBe('/estimates/42/detail'));
    expect(await screen.findByRole('heading', { name: 'Spring Cleanup 2025' })).toBeInTheDocument();
  });
});
