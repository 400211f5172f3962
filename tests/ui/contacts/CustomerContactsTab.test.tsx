import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreateParams, DeleteParams, RaRecord, UpdateParams } from 'react-admin';
import { CustomerContactsTab } from '../../../src/resources/contacts/CustomerContactsTab';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { fakeDataProvider, renderAdmin } from '../renderAdmin';
import { answerUnsavedQuestion, UNSAVED_CHANGES } from '../unsavedQuestion';

const ada = {
  id: 3,
  customerID: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '(215) 555-0100',
  phoneExtension: '12',
  email: 'ada@example.com',
  version: 1,
};
const grace = {
  id: 4,
  customerID: 7,
  firstName: null,
  lastName: 'Hopper',
  phone: null,
  phoneExtension: null,
  email: null,
  version: 1,
};

function renderTab() {
  const getManyReference = vi.fn(async () => ({ data: [ada, grace], total: 2 }));
  const create = vi.fn(async (_r: string, params: CreateParams) => ({ data: { ...params.data, id: 9 } as RaRecord }));
  const update = vi.fn(async (_r: string, params: UpdateParams) => ({ data: { ...params.data, id: params.id } as RaRecord }));
  const deleteOne = vi.fn(async (_r: string, params: DeleteParams) => ({ data: params.previousData as RaRecord }));
  renderAdmin(<CustomerContactsTab customerId={7} />, {
    dataProvider: fakeDataProvider({ getManyReference, create, update, delete: deleteOne }),
    initialEntries: ['/customers/7'],
  });
  return { getManyReference, create, update, deleteOne };
}

const long = (length: number) => 'x'.repeat(length);
const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

async function openNew() {
  const user = userEvent.setup();
  await screen.findByText('Lovelace');
  await user.click(screen.getByRole('button', { name: 'New' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'New Contact' }) };
}

async function openAda() {
  const user = userEvent.setup();
  await user.click(await screen.findByText('Lovelace'));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Edit Contact' }) };
}

describe('Contacts tab', () => {
  it("lists the customer's contacts with the phone extension after ' x'", async () => {
    const { getManyReference } = renderTab();
    await screen.findByText('Lovelace');
    expect(getManyReference).toHaveBeenCalledWith(
      'contacts',
      expect.objectContaining({ target: 'customerID', id: 7, sort: { field: 'contact_last_name', order: 'ASC' } }),
    );
    const table = screen.getByRole('table', { name: 'Contacts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['First Name', 'Last Name', 'Phone', 'Email']);
    const [, adaRow, graceRow] = within(table).getAllByRole('row');
    expect(
      within(adaRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ada', 'Lovelace', '(215) 555-0100 x12', 'ada@example.com']);
    expect(
      within(graceRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', 'Hopper', '', '']);
  });

  it('opens an empty modal in new mode, without Delete', async () => {
    renderTab();
    const { dialog } = await openNew();
    for (const name of ['First Name', 'Last Name', 'Extension', 'Email']) expect(field(dialog, name)).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveValue('');
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('requires the last name, with the form warning', async () => {
    const { create } = renderTab();
    const { user, dialog } = await openNew();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Last Name is required.')).toBeInTheDocument();
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    expect(create).not.toHaveBeenCalled();
  });

  it('shows every max-length message', async () => {
    const { create } = renderTab();
    const { user, dialog } = await openNew();
    fireEvent.change(field(dialog, 'First Name'), { target: { value: long(151) } });
    fireEvent.change(field(dialog, 'Last Name'), { target: { value: long(151) } });
    fireEvent.change(field(dialog, 'Extension'), { target: { value: '123456' } });
    fireEvent.change(field(dialog, 'Email'), { target: { value: `${long(243)}@example.com` } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    for (const message of [
      'First Name cannot exceed 150 characters.',
      'Last Name cannot exceed 150 characters.',
      'Extension cannot exceed 5 characters.',
      'Email cannot exceed 254 characters.',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(create).not.toHaveBeenCalled();
  });

  it('masks the phone as it is typed: digits only, at most ten', async () => {
    renderTab();
    const { user, dialog } = await openNew();
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    await user.type(phone, '2a1');
    expect(phone).toHaveValue('(21');
    await user.type(phone, '5-5');
    expect(phone).toHaveValue('(215) 5');
    await user.type(phone, '5501009999');
    expect(phone).toHaveValue('(215) 555-0100');
  });

  it('creates the contact under the customer, says Contact Saved and closes', async () => {
    const { create } = renderTab();
    const { user, dialog } = await openNew();
    await user.type(field(dialog, 'First Name'), 'Katherine');
    fireEvent.change(field(dialog, 'Last Name'), { target: { value: long(150) } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '6095550123');
    await user.type(field(dialog, 'Extension'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0]).toBe('contacts');
    expect(create.mock.calls[0][1].data).toMatchObject({
      customerID: 7,
      firstName: 'Katherine',
      lastName: long(150),
      phone: '(609) 555-0123',
      phoneExtension: '12345',
    });
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Contact Saved' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens a row in edit mode and updates it', async () => {
    const { update, create } = renderTab();
    const { user, dialog } = await openAda();
    expect(field(dialog, 'First Name')).toHaveValue('Ada');
    expect(field(dialog, 'Last Name')).toHaveValue('Lovelace');
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveValue('(215) 555-0100');
    expect(field(dialog, 'Extension')).toHaveValue('12');
    expect(field(dialog, 'Email')).toHaveValue('ada@example.com');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await user.clear(field(dialog, 'Email'));
    await user.type(field(dialog, 'Email'), 'ada@analytical.engine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][1]).toMatchObject({
      id: 3,
      data: { ...ada, email: 'ada@analytical.engine' },
    });
    expect(create).not.toHaveBeenCalled();
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Contact Saved' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks an edited contact too', async () => {
    const { update } = renderTab();
    const { user, dialog } = await openAda();
    await user.clear(field(dialog, 'Last Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Last Name is required.')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('deletes the contact in edit mode, says Contact Deleted and closes', async () => {
    const { deleteOne } = renderTab();
    const { user, dialog } = await openAda();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('contacts', expect.objectContaining({ id: 3 })));
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Contact Deleted' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes without saving (after asking about what was typed)', async () => {
    const { update } = renderTab();
    const { user, dialog } = await openAda();
    await user.type(field(dialog, 'First Name'), 'x');
    const confirm = answerUnsavedQuestion(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(update).not.toHaveBeenCalled();
  });
});
