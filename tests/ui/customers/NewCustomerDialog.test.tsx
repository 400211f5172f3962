import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreateParams, RaRecord } from 'react-admin';
import { customers } from '../../../src/schema';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { fakeDataProvider, renderAdmin } from '../renderAdmin';
import { AppListScreen } from '../appScreens';
import { answerUnsavedQuestion, UNSAVED_CHANGES } from '../unsavedQuestion';

const CustomerList = () => <AppListScreen entity={customers} />;

function renderCustomers() {
  const create = vi.fn(async (_resource: string, params: CreateParams) => ({
    data: { ...params.data, id: 42 } as RaRecord,
  }));
  const getList = vi.fn(async () => ({ data: [{ id: 1, name: 'Acme Landscaping' }], total: 1 }));
  const { location, navigate } = renderAdmin(<CustomerList />, {
    dataProvider: fakeDataProvider({ getList, create }),
    initialEntries: ['/customers'],
  });
  return { create, location, navigate };
}

async function openModal() {
  const user = userEvent.setup();
  await screen.findByText('Acme Landscaping');
  await user.click(screen.getByRole('button', { name: 'New Customer' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Customer' });
  return { user, dialog };
}

const long = (length: number) => 'x'.repeat(length);
const change = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('New Customer modal', () => {
  it('opens with the fields of the spec, Lead chosen and no state chosen', async () => {
    renderCustomers();
    const { dialog } = await openModal();
    for (const label of ['Name', 'Address 1', 'Address 2', 'City', 'County', 'Zip']) {
      expect(within(dialog).getByLabelText(label)).toHaveValue('');
    }
    expect(within(dialog).getByRole('radio', { name: 'Lead' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Client' })).not.toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'State' })).toHaveTextContent('Select a State');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('shows the required messages and the form warning, and saves nothing', async () => {
    const { create } = renderCustomers();
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    for (const message of ['Name is required.', 'Address 1 is required.', 'City is required.', 'State is required.']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    expect(create).not.toHaveBeenCalled();
  });

  it('shows every max-length message', async () => {
    const { create } = renderCustomers();
    const { user, dialog } = await openModal();
    change(dialog, 'Name', long(251));
    change(dialog, 'Address 1', long(151));
    change(dialog, 'Address 2', long(151));
    change(dialog, 'City', long(151));
    change(dialog, 'County', long(151));
    change(dialog, 'Zip', long(16));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    for (const message of [
      'Name cannot exceed 250 characters.',
      'Address 1 cannot exceed 150 characters.',
      'Address 2 cannot exceed 150 characters.',
      'City cannot exceed 150 characters.',
      'County cannot exceed 150 characters.',
      'Zip cannot exceed 15 characters.',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    expect(create).not.toHaveBeenCalled();
  });

  it('treats going back to "Select a State" as no state', async () => {
    renderCustomers();
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('combobox', { name: 'State' }));
    await user.click(screen.getByRole('option', { name: 'New Jersey' }));
    expect(within(dialog).getByRole('combobox', { name: 'State' })).toHaveTextContent('New Jersey');
    await user.click(within(dialog).getByRole('combobox', { name: 'State' }));
    await user.click(screen.getByRole('option', { name: 'Select a State' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('State is required.')).toBeInTheDocument();
  });

  it('saves values at their limits, closes, says so and opens the new customer', async () => {
    const { create, location } = renderCustomers();
    const { user, dialog } = await openModal();
    change(dialog, 'Name', long(250));
    change(dialog, 'Address 1', '12 Orchard Lane');
    change(dialog, 'City', 'Princeton');
    change(dialog, 'County', 'Mercer');
    change(dialog, 'Zip', long(15));
    await user.click(within(dialog).getByRole('radio', { name: 'Client' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'State' }));
    await user.click(screen.getByRole('option', { name: 'New Jersey' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(location()).toBe('/customers/42'));
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0][0]).toBe('customers');
    expect(create.mock.calls[0][1].data).toMatchObject({
      name: long(250),
      type: 1,
      address1: '12 Orchard Lane',
      city: 'Princeton',
      county: 'Mercer',
      state: 'NJ',
      zip: long(15),
    });
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Customer Saved' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stores one customer when Save is clicked twice quickly', async () => {
    let finish: () => void = () => undefined;
    const create = vi.fn(
      (_resource: string, params: CreateParams) =>
        new Promise<{ data: RaRecord }>((resolve) => {
          finish = () => resolve({ data: { ...params.data, id: 42 } as RaRecord });
        }),
    );
    const getList = vi.fn(async () => ({ data: [{ id: 1, name: 'Acme Landscaping' }], total: 1 }));
    const { location } = renderAdmin(<CustomerList />, {
      dataProvider: fakeDataProvider({ getList, create }),
      initialEntries: ['/customers'],
    });
    const { user, dialog } = await openModal();
    change(dialog, 'Name', 'Birch Court');
    change(dialog, 'Address 1', '3 Birch Ct');
    change(dialog, 'City', 'Princeton');
    await user.click(within(dialog).getByRole('combobox', { name: 'State' }));
    await user.click(screen.getByRole('option', { name: 'New Jersey' }));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(save).toBeDisabled();
    fireEvent.click(save);
    await act(async () => finish());
    await waitFor(() => expect(location()).toBe('/customers/42'));
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('closes without saving (after asking about what was typed)', async () => {
    const { create } = renderCustomers();
    const { user, dialog } = await openModal();
    change(dialog, 'Name', 'Half typed');
    const confirm = answerUnsavedQuestion(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(create).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'New Customer' }));
    expect(within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('is dismissed when the user leaves the screen', async () => {
    const { navigate } = renderCustomers();
    await openModal();
    await act(async () => {
      await navigate('/sites');
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
