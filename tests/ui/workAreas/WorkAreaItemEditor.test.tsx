import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { itemTotals, itemTotalWithTax } from '../../../src/domain/pricing';
import { unitPriceFromSize } from '../../../src/domain/priceRules';
import { answerUnsavedQuestion, UNSAVED_CHANGES } from '../unsavedQuestion';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { allowFailedCallLogs } from '../consoleErrors';
import { itemsTable, mowing, mowingLine, mowingRules, renderPanel, selectArea, user } from './panelHarness';

async function openNewItem() {
  await selectArea('Front Lawn');
  await user().click(screen.getByRole('button', { name: 'New Item' }));
  return screen.findByRole('dialog', { name: 'New Work Area Item' });
}

async function pick(dialog: HTMLElement, name: string) {
  await user().click(within(dialog).getByRole('combobox', { name: 'Catalog Item' }));
  await user().click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

const textbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
const number = (dialog: HTMLElement, name: string) => within(dialog).getByRole('spinbutton', { name });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('Work Area Item Editor', () => {
  it('offers every catalogue item sorted by name; picking one fills name, units, unit cost and unit price', async () => {
    const { getList } = renderPanel();
    const dialog = await openNewItem();
    expect(getList).toHaveBeenCalledWith(
      'itemCatalog',
      expect.objectContaining({
        pagination: { page: 1, perPage: 0 },
        sort: { field: 'item_name', order: 'ASC' },
      }),
    );
    await user().click(within(dialog).getByRole('combobox', { name: 'Catalog Item' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.firstChild?.textContent)).toEqual(['Bed edging', 'Hardwood mulch', 'Lawn mowing']);
    await user().click(options[1]);

    expect(textbox(dialog, 'Name')).toHaveValue('Hardwood mulch');
    expect(textbox(dialog, 'Units')).toHaveValue('yd³');
    expect(number(dialog, 'Unit Cost')).toHaveValue(28);
    expect(number(dialog, 'Unit Price')).toHaveValue(32.25);
    // Mulch has no size rules: a size changes nothing and names no rule.
    type(number(dialog, 'Size'), '3');
    expect(number(dialog, 'Unit Price')).toHaveValue(32.25);
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it("sets the unit price from the size by the item's rules and names the rule that did", async () => {
    renderPanel();
    const dialog = await openNewItem();
    await pick(dialog, 'Lawn mowing');
    expect(number(dialog, 'Unit Price')).toHaveValue(45);

    // 45 + (1 − 0.25) ÷ 0.25 × 18 = 99.
    type(number(dialog, 'Size'), '1');
    expect(unitPriceFromSize(mowingRules, 1, mowing.price)?.unitPrice).toBe(99);
    await waitFor(() => expect(number(dialog, 'Unit Price')).toHaveValue(99));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Unit price from rule: Between (exclusive) 0.25–2');

    type(number(dialog, 'Size'), '0.2');
    await waitFor(() => expect(number(dialog, 'Unit Price')).toHaveValue(45));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Unit price from rule: Up to Range End ≤ 0.25');

    // Step 0 from 2 acres: 3 × 95 = 285.
    type(number(dialog, 'Size'), '3');
    await waitFor(() => expect(number(dialog, 'Unit Price')).toHaveValue(285));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Unit price from rule: Greater than ≥ 2 at $95.00 each');

    // A typed unit price stands until the size changes again.
    type(number(dialog, 'Unit Price'), '250');
    expect(number(dialog, 'Unit Price')).toHaveValue(250);
    type(number(dialog, 'Size'), '-2');
    expect(number(dialog, 'Unit Price')).toHaveValue(250);
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('prices a size typed before the item was picked', async () => {
    renderPanel();
    const dialog = await openNewItem();
    type(number(dialog, 'Size'), '0.5');
    await pick(dialog, 'Lawn mowing');
    // 45 + (0.5 − 0.25) ÷ 0.25 × 18 = 63.
    await waitFor(() => expect(number(dialog, 'Unit Price')).toHaveValue(63));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Between (exclusive) 0.25–2');
  });

  it("prices a size typed while the catalogue's rules are still loading once they arrive", async () => {
    const { getList } = renderPanel();
    let deliverRules = () => {};
    const answer = getList.getMockImplementation()!;
    getList.mockImplementation(async (resource, params) => {
      if (resource === 'priceRules') await new Promise<void>((resolve) => (deliverRules = resolve));
      return answer(resource, params);
    });
    await selectArea('Front Lawn');
    await user().click(await within(itemsTable()).findByRole('row', { name: /^Lawn mowing/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Work Area Item' });
    type(number(dialog, 'Size'), '1.5');
    expect(number(dialog, 'Unit Price')).toHaveValue(mowingLine.unitPrice);

    deliverRules();
    // 45 + (1.5 − 0.25) ÷ 0.25 × 18 = 135.
    await waitFor(() => expect(number(dialog, 'Unit Price')).toHaveValue(135));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Unit price from rule: Between (exclusive) 0.25–2');
  });

  it("recomputes Cost, Price and Total live, with the area's tax and cents rounding", async () => {
    renderPanel();
    const dialog = await openNewItem();
    await pick(dialog, 'Hardwood mulch');
    type(number(dialog, 'Quantity'), '2.5');
    // 2.5 × 28 = 70.00; 2.5 × 32.25 = 80.625 → 80.63; with NJ 6.625 %: 85.9664… → 85.97.
    expect(itemTotals({ quantity: 2.5, unitCost: 28, unitPrice: 32.25 })).toEqual({ totalCost: 70, totalPrice: 80.63 });
    expect(itemTotalWithTax({ quantity: 2.5, unitPrice: 32.25 }, 'NJ')).toBe(85.97);
    expect(textbox(dialog, 'Cost')).toHaveValue('$70.00');
    expect(textbox(dialog, 'Price')).toHaveValue('$80.63');
    expect(textbox(dialog, 'Total')).toHaveValue('$85.97');

    type(number(dialog, 'Unit Cost'), '30.5');
    type(number(dialog, 'Quantity'), '12');
    expect(textbox(dialog, 'Cost')).toHaveValue('$366.00');
    expect(textbox(dialog, 'Price')).toHaveValue('$387.00');
    // 387 × 1.06625 = 412.63875 → 412.64.
    expect(textbox(dialog, 'Total')).toHaveValue('$412.64');
  });

  it('creates the item with the payload of the spec, says so, closes and refreshes the areas', async () => {
    const { create, getManyReference } = renderPanel();
    const dialog = await openNewItem();
    await pick(dialog, 'Lawn mowing');
    type(number(dialog, 'Size'), '1');
    type(number(dialog, 'Quantity'), '26');
    const areaReads = getManyReference.mock.calls.filter(([resource]) => resource === 'workAreas').length;
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith('workAreaItems', {
      data: {
        workAreaID: 21,
        itemID: 3,
        name: 'Lawn mowing',
        quantity: 26,
        units: 'visit',
        unitCost: 25,
        unitPrice: 99,
        totalCost: 650,
        totalPrice: 2574,
        size: 1,
        // Copied from the catalogue item with its prices (issue 24).
        kind: 'LABOR',
        hoursPerUnit: 0.75,
      },
    });
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Work Area Item Saved' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(getManyReference.mock.calls.filter(([resource]) => resource === 'workAreas').length).toBeGreaterThan(areaReads),
    );
  });

  it('refuses a line without a name or quantity, a negative cost and a quantity beyond what is stored', async () => {
    const { create } = renderPanel();
    const dialog = await openNewItem();
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Quantity is required.')).toBeInTheDocument();
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });

    type(textbox(dialog, 'Name'), 'Topsoil');
    type(number(dialog, 'Quantity'), '1e13');
    type(number(dialog, 'Unit Cost'), '-4');
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Quantity is invalid.')).toBeInTheDocument();
    expect(within(dialog).getByText('Unit Cost cannot be negative.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('edits a line: a row opens it, Save updates it with its version and the totals of the new figures', async () => {
    const { update } = renderPanel();
    await selectArea('Front Lawn');
    await user().click(await within(itemsTable()).findByRole('row', { name: /^Lawn mowing/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Work Area Item' });
    expect(number(dialog, 'Quantity')).toHaveValue(26);
    expect(within(dialog).getByRole('combobox', { name: 'Catalog Item' })).toHaveValue('Lawn mowing');
    type(number(dialog, 'Quantity'), '30');
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][0]).toBe('workAreaItems');
    expect(update.mock.calls[0][1]).toMatchObject({ id: 31, data: { quantity: 30, totalCost: 750, totalPrice: 1350, version: 2 } });
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Work Area Item Saved' });
  });

  it('keeps the edits when the server answers 409, over the line as now stored, and Save again applies them to it', async () => {
    allowFailedCallLogs(409);
    const { update, getOne, state } = renderPanel();
    update.mockRejectedValueOnce(
      new HttpError('This item was changed by someone else.', 409, { message: 'This item was changed by someone else.' }),
    );
    await selectArea('Front Lawn');
    await user().click(await within(itemsTable()).findByRole('row', { name: /^Lawn mowing/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Work Area Item' });
    type(number(dialog, 'Quantity'), '31');
    // Meanwhile someone else set the unit price.
    state.items = state.items.map((item) => (item.id === mowingLine.id ? { ...item, unitPrice: 50, version: 3 } : item));
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    await waitFor(() => expect(getOne).toHaveBeenCalledWith('workAreaItems', expect.objectContaining({ id: mowingLine.id })));
    await waitFor(() => expect(number(dialog, 'Unit Price')).toHaveValue(50));
    expect(screen.getByRole('dialog', { name: 'Edit Work Area Item' })).toBeInTheDocument();
    expect(number(dialog, 'Quantity')).toHaveValue(31);
    expect(getAlertState().alert).toMatchObject({
      type: 'WARNING',
      message:
        'This work area item was changed by someone else since you opened it. Their changes are on screen now and yours are kept: Save again to apply yours.',
    });

    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls[1][1].data).toMatchObject({ quantity: 31, unitPrice: 50, version: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes a line after the confirmation, says so and closes', async () => {
    const { deleteOne } = renderPanel();
    await selectArea('Front Lawn');
    await user().click(await within(itemsTable()).findByRole('row', { name: /^Hardwood mulch/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Work Area Item' });
    await user().click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(confirm).toHaveTextContent('Are you sure you would like to delete this work area item?');
    await user().click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('workAreaItems', expect.objectContaining({ id: 32 })));
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Work Area Item Deleted' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before closing with unsaved changes', async () => {
    renderPanel();
    const dialog = await openNewItem();
    await pick(dialog, 'Bed edging');
    const confirm = answerUnsavedQuestion(false);
    await user().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES);
    expect(screen.getByRole('dialog', { name: 'New Work Area Item' })).toBeInTheDocument();
    expect(textbox(dialog, 'Name')).toHaveValue('Bed edging');
  });

  it("copies the item's kind and hours per unit, shows the line's crew hours and margin, and prices it for the target margin", async () => {
    renderPanel();
    const dialog = await openNewItem();
    await pick(dialog, 'Hardwood mulch');
    expect(within(dialog).getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Material');
    expect(number(dialog, 'Hours per Unit')).toHaveValue(0.5);
    expect(within(dialog).getByText('Direct cost of one unit, without crew time')).toBeInTheDocument();
    type(number(dialog, 'Quantity'), '2');
    // 2 × $32.25 = $64.50 against 2 × $28 + 1 h × ($40 + $10) = $106.00: −64.3 %.
    await waitFor(() => expect(textbox(dialog, 'Margin')).toHaveValue('-64.3 %'));
    expect(textbox(dialog, 'Crew Hours')).toHaveValue('1 h');
    expect(textbox(dialog, 'Cost with Crew Time')).toHaveValue('$106.00');
    expect(within(dialog).getByText('Below the 35.0 % target margin.')).toBeInTheDocument();
    // ($28 + 0.5 h × $50) ÷ (1 − 0.35) = $81.538…, rounded up to the cent.
    await user().click(within(dialog).getByRole('button', { name: 'Price for target margin: $81.54' }));
    expect(number(dialog, 'Unit Price')).toHaveValue(81.54);
    await waitFor(() => expect(textbox(dialog, 'Margin')).toHaveValue('35.0 %'));
    expect(within(dialog).queryByText(/Below the/)).toBeNull();
    // Crew time changed on the line follows at once.
    type(number(dialog, 'Hours per Unit'), '2');
    await waitFor(() => expect(textbox(dialog, 'Crew Hours')).toHaveValue('4 h'));
    expect(within(dialog).getByText('Below the 35.0 % target margin.')).toBeInTheDocument();
  });
});
