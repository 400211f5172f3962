import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { allowFailedCallLogs } from '../consoleErrors';
import { answerUnsavedQuestion } from '../unsavedQuestion';
import { backLawn, frontLawn, renderPanel, selectArea, user } from './panelHarness';
import { PLOW_AND_SALT, TWO_WINTERS, snowLot } from './snowFixtures';

async function openEdit(name = 'Front Lawn') {
  await selectArea(name);
  await user().click(screen.getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit Work Area' });
}

const spin = (dialog: HTMLElement, label: string, index = 0) => within(dialog).getAllByRole('spinbutton', { name: label })[index];
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function choose(dialog: HTMLElement, label: string, index: number, option: string) {
  await user().click(within(dialog).getAllByRole('combobox', { name: label })[index]);
  await user().click(await screen.findByRole('option', { name: option }));
}

/** Switches "Price as snow" on and fills a per-push plowing line (no charge under 2 in, $65 from 2 in) and de-icing at $85 an application. */
async function fillPlowAndSalt(dialog: HTMLElement) {
  await user().click(within(dialog).getByRole('switch', { name: 'Price as snow' }));
  type(spin(dialog, 'Expected events'), '12');
  type(spin(dialog, 'Expected inches'), '40');
  await user().click(within(dialog).getByRole('button', { name: 'Add Line' }));
  type(spin(dialog, 'To (in)'), '2');
  type(spin(dialog, 'Price per push'), '0');
  await user().click(within(dialog).getByRole('button', { name: 'Add Band' }));
  type(spin(dialog, 'From (in)', 1), '2');
  type(spin(dialog, 'Price per push', 1), '65');
  type(spin(dialog, 'Trigger (in)'), '1');
  await user().click(within(dialog).getByRole('button', { name: 'Add Line' }));
  await choose(dialog, 'Service', 1, 'De-icing');
  await choose(dialog, 'Basis', 1, 'Per application');
  type(spin(dialog, 'Price'), '85');
}

describe('Work Area Editor: snow price sheet (issue 41)', () => {
  it('prices an area as snow: per push by depth with a trigger, and de-icing; the preview says the expected season; Save sends the sheet', async () => {
    const { update } = renderPanel();
    const dialog = await openEdit();
    await fillPlowAndSalt(dialog);

    const preview = within(dialog).getByRole('region', { name: 'Snow pricing preview' });
    // 12 events of 3.33 in: 12 pushes at $65 and 12 applications at $85.
    expect(preview).toHaveTextContent('Expected season: $1,800.00');
    expect(preview).toHaveTextContent('Plowing, per push by the depth on the ground — 0–2 in: no charge; 2 in and over: $65.00 per push.');
    expect(preview).toHaveTextContent('Nothing is billed for less than 1 in on the ground.');
    expect(preview).toHaveTextContent('De-icing: $85.00 per application.');
    expect(preview).toHaveTextContent('You are billed by the storms that come.');

    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][1].data.snowPricing).toEqual({
      expectedEvents: 12,
      expectedInches: 40,
      lines: [
        {
          service: 'plow',
          basis: 'perPush',
          trigger: 1,
          bands: [
            { from: 0, to: 2, price: 0 },
            { from: 2, to: null, price: 65 },
          ],
        },
        { service: 'salt', basis: 'perApplication', price: 85, per: 'application' },
      ],
    });
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Work Area Saved' });
  });

  it("shows the server's refusal of the sheet in the dialog, and keeps what was typed", async () => {
    allowFailedCallLogs(400);
    const { update } = renderPanel();
    const message = 'Snow pricing: Line 2 (salt, per application): the price must be an amount from 0 to 999,999.99.';
    update.mockRejectedValueOnce(new HttpError(message, 400, { message, errors: { snowPricing: message } }));
    const dialog = await openEdit();
    await fillPlowAndSalt(dialog);
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(await within(dialog).findByText(message)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Edit Work Area' })).toBeInTheDocument();
    expect(spin(dialog, 'Price')).toHaveValue(85);
  });

  it('says what is missing before sending an incomplete sheet (the same words as the server)', async () => {
    const { update } = renderPanel();
    const dialog = await openEdit();
    await user().click(within(dialog).getByRole('switch', { name: 'Price as snow' }));
    await user().click(within(dialog).getByRole('button', { name: 'Add Line' }));
    await choose(dialog, 'Basis', 0, 'Seasonal');
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Snow pricing: Line 1 (plow, seasonal): the season price must be an amount from 0 to 999,999.99.'),
    ).toBeVisible();
    expect(update).not.toHaveBeenCalled();
  });

  it('loads a stored sheet, seasonal with a cap in events; switching off sends no sheet', async () => {
    const seasonal = {
      expectedEvents: 10,
      expectedInches: 30,
      lines: [{ service: 'plow', basis: 'seasonal', price: 4000, cap: { events: 15 }, overage: 250 }],
    };
    const { update } = renderPanel({ areas: [{ ...frontLawn, snowPricing: seasonal }, backLawn] });
    const dialog = await openEdit();
    expect(within(dialog).getByRole('switch', { name: 'Price as snow' })).toBeChecked();
    expect(spin(dialog, 'Season price')).toHaveValue(4000);
    expect(within(dialog).getByRole('combobox', { name: 'Cap' })).toHaveTextContent('Events');
    expect(spin(dialog, 'Cap (events)')).toHaveValue(15);
    expect(spin(dialog, 'Overage per event')).toHaveValue(250);
    expect(within(dialog).getByRole('region', { name: 'Snow pricing preview' })).toHaveTextContent(
      'Plowing: $4,000.00 for the season, covering up to 15 events; after that, $250.00 per event.',
    );

    await user().click(within(dialog).getByRole('switch', { name: 'Price as snow' }));
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][1].data).toMatchObject({ snowPricing: null });
  });

  it('a snow area opened and closed untouched closes at once; a changed band asks first', async () => {
    const confirm = answerUnsavedQuestion(false);
    renderPanel({ areas: [frontLawn, snowLot(PLOW_AND_SALT)] });
    let dialog = await openEdit('Parking Lot');
    expect(spin(dialog, 'Price per push', 1)).toHaveValue(65);
    await user().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirm).not.toHaveBeenCalled();

    await user().click(screen.getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Work Area' });
    type(spin(dialog, 'Price per push', 1), '70');
    await user().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(confirm).toHaveBeenCalled();
  });

  it('fills the expected season with the averages of past winters, and explains when there is none', async () => {
    renderPanel({ snowHistory: TWO_WINTERS });
    const dialog = await openEdit();
    await user().click(within(dialog).getByRole('switch', { name: 'Price as snow' }));
    const button = within(dialog).getByRole('button', { name: 'From past winters' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(dialog).toHaveTextContent('Averages of 2 winters (2023–24 to 2024–25).');
    await user().click(button);
    // (2 + 1) / 2 events, rounded; (4 + 6) / 2 inches.
    expect(spin(dialog, 'Expected events')).toHaveValue(2);
    expect(spin(dialog, 'Expected inches')).toHaveValue(5);
  });

  it('offers no averages without a past winter', async () => {
    renderPanel({ snowHistory: { pavedArea: null, saltRate: null, seasons: [] } });
    const dialog = await openEdit();
    await user().click(within(dialog).getByRole('switch', { name: 'Price as snow' }));
    expect(await within(dialog).findByText('No past winter on record at this site.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'From past winters' })).toBeDisabled();
  });

  it("labels a snow area's subtotal as an expected season in the areas table", async () => {
    renderPanel({ areas: [frontLawn, snowLot(PLOW_AND_SALT)], snowHistory: TWO_WINTERS });
    const row = await within(await screen.findByRole('table', { name: 'Work Areas' })).findByRole('row', { name: /^Parking Lot/ });
    expect(row).toHaveTextContent('$1,800.00Expected season: 12 events, 40 in');
  });
});
