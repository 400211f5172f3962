import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UpdateParams } from 'react-admin';
import { CustomerEdit } from '../../../src/resources/customers/CustomerEdit';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { fakeDataProvider, renderAdmin, routes } from '../renderAdmin';
import { greenAcres } from '../officeRecords';

const customer = greenAcres;

const part = (name: string, singular: string, plural: string, count: number) => ({ name, singular, plural, count });

function renderDetail(deleteImpact?: (path: string) => Promise<unknown>, address = '/customers/5') {
  const update = vi.fn(async (_resource: string, params: UpdateParams) => ({
    data: { ...params.data, id: customer.id, version: customer.version + 1 },
  }));
  const deleteOne = vi.fn(async () => ({ data: customer }));
  const getManyReference = vi.fn(async () => ({ data: [], total: 0 }));
  const { location, search, navigate } = renderAdmin(routes({ '/customers/:id': <CustomerEdit />, '/customers': <p>Customers list</p> }), {
    dataProvider: fakeDataProvider({ getOne: async () => ({ data: customer }), getManyReference, update, delete: deleteOne, deleteImpact }),
    initialEntries: [address],
  });
  return { update, deleteOne, getManyReference, location, search, navigate };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('Customer detail', () => {
  it('shows the customer in General and Address cards with the Contacts tab', async () => {
    const { getManyReference } = renderDetail();
    expect(await screen.findByRole('heading', { name: 'Green Acres Estate' })).toBeInTheDocument();
    expect(screen.getByText('General')).toBeInTheDocument();
    expect(screen.getByText('Address')).toBeInTheDocument();
    expect(textbox('Name')).toHaveValue('Green Acres Estate');
    expect(screen.getByRole('radio', { name: 'Client' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Address 1' })).toHaveValue('1 Farm Road');
    expect(textbox('Address 2')).toHaveValue('Barn 2');
    expect(textbox('City')).toHaveValue('Trenton');
    expect(textbox('County')).toHaveValue('Mercer');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('New Jersey');
    expect(textbox('Zip')).toHaveValue('08601');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Contacts', 'Sites', 'Estimates']);
    await waitFor(() =>
      expect(getManyReference).toHaveBeenCalledWith('contacts', expect.objectContaining({ target: 'customerID', id: 5 })),
    );
  });

  it('refuses to save an invalid form, with the field messages and the form warning', async () => {
    const user = userEvent.setup();
    const { update } = renderDetail();
    await screen.findByRole('heading', { name: 'Green Acres Estate' });
    fireEvent.change(textbox('Name'), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Address 1' }), { target: { value: '' } });
    fireEvent.change(textbox('City'), { target: { value: 'y'.repeat(151) } });
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(screen.getByRole('option', { name: 'Select a State' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    for (const message of ['Name is required.', 'Address 1 is required.', 'City cannot exceed 150 characters.', 'State is required.']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    expect(update).not.toHaveBeenCalled();
  });

  it('saves the whole record with its version and says Customer Saved', async () => {
    const user = userEvent.setup();
    const { update } = renderDetail();
    await screen.findByRole('heading', { name: 'Green Acres Estate' });
    await user.clear(textbox('City'));
    await user.type(textbox('City'), 'Ewing');
    await user.click(screen.getByRole('radio', { name: 'Lead' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][0]).toBe('customers');
    expect(update.mock.calls[0][1]).toMatchObject({
      id: '5',
      data: { ...customer, city: 'Ewing', type: 0 },
    });
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Customer Saved' }));
  });

  it('warns about an invalid form on the first try after a successful save', async () => {
    const user = userEvent.setup();
    const { update } = renderDetail();
    await screen.findByRole('heading', { name: 'Green Acres Estate' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Customer Saved' }));

    await user.clear(textbox('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' }));
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('asks before deleting, and Cancel keeps the customer', async () => {
    const user = userEvent.setup();
    const { deleteOne } = renderDetail();
    await screen.findByRole('heading', { name: 'Green Acres Estate' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you would like to delete this customer?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteOne).not.toHaveBeenCalled();
  });

  it('says what goes with the customer before the user agrees', async () => {
    const user = userEvent.setup();
    const impact = vi.fn(async () => ({
      deletes: [
        part('sites', 'site', 'sites', 2),
        part('contacts', 'contact', 'contacts', 1),
        part('siteServices', 'service assignment', 'service assignments', 4),
      ],
      blockedBy: [],
    }));
    const { deleteOne } = renderDetail(impact);
    await screen.findByRole('heading', { name: 'Green Acres Estate' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(impact).toHaveBeenCalledWith('/customers/5/deleteImpact');
    expect(dialog).toHaveTextContent(
      'Are you sure you would like to delete this customer? Its 2 sites, 1 contact and 4 service assignments will be deleted too.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('customers', expect.objectContaining({ id: 5 })));
  });

  it('says what stops the delete when estimates are attached', async () => {
    const user = userEvent.setup();
    renderDetail(async () => ({
      deletes: [part('sites', 'site', 'sites', 1)],
      blockedBy: [part('estimates', 'estimate', 'estimates', 3)],
    }));
    await screen.findByRole('heading', { name: 'Green Acres Estate' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you would like to delete this customer? This customer cannot be deleted: it still has 3 estimates.',
    );
    // Its Delete cannot be pressed, and says why.
    const deleteButton = within(dialog).getByRole('button', { name: 'Delete' });
    expect(deleteButton).toBeDisabled();
    expect(deleteButton).toHaveAccessibleDescription(expect.stringContaining('This customer cannot be deleted: it still has 3 estimates.'));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('deletes after confirmation and returns to the customers list', async () => {
    const user = userEvent.setup();
    const { deleteOne, location } = renderDetail();
    await screen.findByRole('heading', { name: 'Green Acres Estate' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(location()).toBe('/customers'));
    expect(deleteOne).toHaveBeenCalledWith('customers', expect.objectContaining({ id: 5 }));
    expect(await screen.findByText('Customers list')).toBeInTheDocument();
  });

  it('keeps the chosen tab in the address: a link opens it, a click moves it, Back returns', async () => {
    const user = userEvent.setup();
    const { getManyReference, search, navigate } = renderDetail(undefined, '/customers/5?tab=sites');
    await screen.findByRole('heading', { name: 'Green Acres Estate' });
    expect(screen.getByRole('tab', { name: 'Sites' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(getManyReference).toHaveBeenCalledWith('sites', expect.objectContaining({ id: 5 })));

    await user.click(screen.getByRole('tab', { name: 'Estimates' }));
    expect(search()).toBe('?tab=estimates');
    expect(screen.getByRole('tab', { name: 'Estimates' })).toHaveAttribute('aria-selected', 'true');
    // The first tab is the plain address.
    await user.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(search()).toBe('');
    await navigate(-1);
    expect(await screen.findByRole('tab', { name: 'Estimates', selected: true })).toBeInTheDocument();
    expect(search()).toBe('?tab=estimates');

    await navigate('/customers/5?tab=nonsense');
    expect(await screen.findByRole('tab', { name: 'Contacts', selected: true })).toBeInTheDocument();
  });
});
