import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, type CreateParams, type UpdateParams } from 'react-admin';
import { ItemList } from '../../../src/resources/items/ItemList';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeDataProvider, renderAdmin } from '../renderAdmin';

const mowing = { id: 3, name: 'Lawn mowing', description: 'Mow and trim', units: 'visit', cost: 25, price: 45, version: 2 };
const mulch = { id: 4, name: 'Hardwood mulch', description: null, units: 'yd³', cost: 28, price: 1234.5, version: 1 };
const mowingRules = [
  { id: 11, itemID: 3, outputType: 'UNIT_PRICE', type: 'GREATER_THAN', rangeStart: 2, rangeEnd: null, step: 0, secondaryPrice: 95 },
  {
    id: 10,
    itemID: 3,
    outputType: 'UNIT_PRICE',
    type: 'LESS_THAN_OR_EQUAL',
    rangeStart: null,
    rangeEnd: 0.25,
    step: null,
    secondaryPrice: null,
  },
];

function renderCatalogue() {
  const getList = vi.fn(async () => ({ data: [mulch, mowing], total: 2 }));
  const getManyReference = vi.fn(async () => ({ data: mowingRules, total: 2 }));
  const update = vi.fn(async (_resource: string, params: UpdateParams) => ({
    data: { ...params.previousData, ...params.data, version: (params.previousData.version as number) + 1 },
  }));
  const create = vi.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 99 } }));
  const getOne = vi.fn(async () => ({ data: { id: 99, name: 'Core aeration', cost: 5, price: 12, version: 1 } }));
  const deleteOne = vi.fn(async () => ({ data: mowing }));
  const request = vi.fn(async (_method: string, _path: string, options?: { body?: { calculations: unknown[] } }) => ({
    calculations: options?.body?.calculations ?? [],
  }));
  renderAdmin(<ItemList />, {
    dataProvider: fakeDataProvider({ getList, getManyReference, update, create, getOne, delete: deleteOne, request }),
    initialEntries: ['/itemCatalog'],
  });
  return { getList, getManyReference, update, create, deleteOne, request };
}

const user = () => userEvent.setup();

async function openNewItem() {
  await screen.findByText('Lawn mowing');
  await user().click(screen.getByRole('button', { name: 'New Item' }));
  return screen.findByRole('dialog', { name: 'New Item' });
}

async function openMowing() {
  await user().click(await screen.findByText('Lawn mowing'));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
  await within(dialog).findByRole('textbox', { name: 'Name' });
  return dialog;
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByRole('textbox', { name: label });
const numberField = (dialog: HTMLElement, label: string) => within(dialog).getByRole('spinbutton', { name: label });

describe('Item catalogue list', () => {
  it('shows the columns of the spec, money formatted, sorted by name by default', async () => {
    const { getList } = renderCatalogue();
    await screen.findByText('Lawn mowing');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    // After the checkbox that ticks the row for the bulk actions (issue 25).
    expect(headers).toEqual(['', 'Name', 'Description', 'Units', 'Cost', 'Price']);
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('itemCatalog', expect.objectContaining({ sort: { field: 'item_name', order: 'ASC' } }));
    expect(screen.getByPlaceholderText('Search Items')).toBeInTheDocument();
  });
});

describe('Item Editor', () => {
  it('refuses an empty item with the spec messages and the form warning', async () => {
    const { create } = renderCatalogue();
    const dialog = await openNewItem();
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const message of ['Name is required.', 'Cost is required.', 'Price is required.']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    expect(create).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('treats a cleared number input as no value: Cost is required', async () => {
    const { update } = renderCatalogue();
    const dialog = await openMowing();
    expect(numberField(dialog, 'Cost')).toHaveValue(25);
    fireEvent.change(numberField(dialog, 'Cost'), { target: { value: '' } });
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Cost is required.')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('shows the max-length messages', async () => {
    renderCatalogue();
    const dialog = await openNewItem();
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'n'.repeat(151) } });
    fireEvent.change(field(dialog, 'Units'), { target: { value: 'u'.repeat(51) } });
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name cannot exceed 150 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Units cannot exceed 50 characters.')).toBeInTheDocument();
  });

  it('loads the item with its rules in the order they are tried, and previews unit prices', async () => {
    const { getManyReference } = renderCatalogue();
    const dialog = await openMowing();
    expect(getManyReference).toHaveBeenCalledWith('priceRules', expect.objectContaining({ target: 'itemID', id: 3 }));
    const types = within(dialog)
      .getAllByRole('combobox', { name: 'Type' })
      .map((c) => c.textContent);
    expect(types).toEqual([expect.stringMatching(/^Up to/), expect.stringMatching(/^Greater than/)]);

    const size = within(dialog).getByRole('textbox', { name: 'Preview size' });
    const status = within(dialog).getByRole('status');
    expect(status).toHaveTextContent('Enter a size');
    fireEvent.change(size, { target: { value: '0.25' } });
    expect(status).toHaveTextContent('Unit price: $45.00, by the Up to Range End rule');
    fireEvent.change(size, { target: { value: '2.5' } });
    expect(status).toHaveTextContent('Unit price: $237.50, by the Greater than rule');
    fireEvent.change(size, { target: { value: '1' } });
    expect(status).toHaveTextContent('No rule gives a price for this size.');
    fireEvent.change(size, { target: { value: '-1' } });
    expect(status).toHaveTextContent('The size must be a number of 0 or more.');
  });

  it('adds a BETWEEN_EXCLUSIVE rule, previews it live, and saves the item with its rules in one request', async () => {
    const { update, request } = renderCatalogue();
    const dialog = await openMowing();
    await user().click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    const typeSelects = within(dialog).getAllByRole('combobox', { name: 'Type' });
    await user().click(typeSelects[2]);
    await user().click(await screen.findByRole('option', { name: /^Between/ }));
    const [rangeStart] = within(dialog).getAllByRole('spinbutton', { name: 'Range Start' }).slice(-1);
    fireEvent.change(rangeStart, { target: { value: '0.25' } });
    fireEvent.change(within(dialog).getAllByRole('spinbutton', { name: 'Range End' }).at(-1)!, { target: { value: '2' } });
    fireEvent.change(within(dialog).getAllByRole('spinbutton', { name: 'Step' }).at(-1)!, { target: { value: '0.25' } });
    fireEvent.change(within(dialog).getAllByRole('spinbutton', { name: 'Secondary Price' }).at(-1)!, { target: { value: '18' } });

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Preview size' }), { target: { value: '1' } });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Unit price: $99.00, by the Between (exclusive) rule');
    // The preview follows the price being edited.
    fireEvent.change(numberField(dialog, 'Price'), { target: { value: '50' } });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Unit price: $104.00');

    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith(
      'itemCatalog',
      expect.objectContaining({ id: 3, data: expect.objectContaining({ name: 'Lawn mowing', price: 50, version: 2 }) }),
    );
    // One request: the rules travel with the item, written by the server in one transaction.
    expect(request).not.toHaveBeenCalled();
    expect(update.mock.calls[0][1].data.calculations).toEqual([
      { outputType: 'UNIT_PRICE', type: 'LESS_THAN_OR_EQUAL', rangeStart: null, rangeEnd: 0.25, step: null, secondaryPrice: null },
      { outputType: 'UNIT_PRICE', type: 'GREATER_THAN', rangeStart: 2, rangeEnd: null, step: 0, secondaryPrice: 95 },
      { outputType: 'UNIT_PRICE', type: 'BETWEEN_EXCLUSIVE', rangeStart: 0.25, rangeEnd: 2, step: 0.25, secondaryPrice: 18 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Item Saved' });
  });

  it('checks rules before saving: a missing type, a range that runs backwards, a zero step', async () => {
    const { update, request } = renderCatalogue();
    const dialog = await openMowing();
    await user().click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Type is required.')).toBeInTheDocument();

    await user().click(within(dialog).getAllByRole('combobox', { name: 'Type' })[2]);
    await user().click(await screen.findByRole('option', { name: /^Between/ }));
    fireEvent.change(within(dialog).getAllByRole('spinbutton', { name: 'Range Start' }).at(-1)!, { target: { value: '3' } });
    fireEvent.change(within(dialog).getAllByRole('spinbutton', { name: 'Range End' }).at(-1)!, { target: { value: '2' } });
    fireEvent.change(within(dialog).getAllByRole('spinbutton', { name: 'Step' }).at(-1)!, { target: { value: '0' } });
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Range End must be greater than Range Start.')).toBeInTheDocument();
    expect(within(dialog).getByText('Step must be greater than 0.')).toBeInTheDocument();
    expect(within(dialog).getByText('Secondary Price is required.')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    expect(request).not.toHaveBeenCalled();
  });

  /** A new item with one STATIC rule of step 1000. */
  async function fillCoreAerationWithStaticRule(dialog: HTMLElement) {
    fireEvent.change(field(dialog, 'Name'), { target: { value: 'Core aeration' } });
    fireEvent.change(numberField(dialog, 'Cost'), { target: { value: '5' } });
    fireEvent.change(numberField(dialog, 'Price'), { target: { value: '12' } });
    await user().click(within(dialog).getByRole('button', { name: 'Add Rule' }));
    await user().click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user().click(await screen.findByRole('option', { name: /^Static/ }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Step' }), { target: { value: '1000' } });
  }

  it('creates a new item with its rules in one request', async () => {
    const { create, request } = renderCatalogue();
    const dialog = await openNewItem();
    await fillCoreAerationWithStaticRule(dialog);
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith('itemCatalog', { data: expect.objectContaining({ name: 'Core aeration', cost: 5, price: 12 }) });
    expect(request).not.toHaveBeenCalled();
    expect(create.mock.calls[0][1].data.calculations).toEqual([
      { outputType: 'UNIT_PRICE', type: 'STATIC', rangeStart: null, rangeEnd: null, step: 1000, secondaryPrice: null },
    ]);
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Item Saved' });
  });

  it("shows the server's rule messages on their inputs and stays open; nothing was stored, so the retry creates", async () => {
    allowFailedCallLogs(400);
    const { create, update, request } = renderCatalogue();
    create.mockRejectedValueOnce(
      new HttpError('Form is invalid.', 400, {
        message: 'Form is invalid.',
        errors: { 'calculations.0.step': 'Step must be greater than 0.' },
      }),
    );
    const dialog = await openNewItem();
    await fillCoreAerationWithStaticRule(dialog);
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Step must be greater than 0.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Item' })).toBeInTheDocument();

    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(update).not.toHaveBeenCalled();
    expect(request).not.toHaveBeenCalled();
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Item Saved' });
  });

  it('deletes after confirmation and says so', async () => {
    const { deleteOne } = renderCatalogue();
    const dialog = await openMowing();
    await user().click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(confirm).toHaveTextContent('Are you sure you would like to delete this item?');
    await user().click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('itemCatalog', expect.objectContaining({ id: 3 })));
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Item Deleted' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
