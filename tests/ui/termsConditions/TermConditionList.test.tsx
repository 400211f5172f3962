import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreateParams, GetListParams } from 'react-admin';
import { TermConditionList } from '../../../src/resources/termsConditions/TermConditionList';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { fakeDataProvider, renderAdmin, routes } from '../renderAdmin';

const terms = [
  { id: 7, name: 'Payment Terms', isAuto: 1, order: 1, content: null, version: 1 },
  { id: 3, name: 'Acceptance', isAuto: 1, order: 2, content: null, version: 1 },
  { id: 9, name: 'Plant Warranty', isAuto: 0, order: 3, content: null, version: 1 },
];

function renderTerms() {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: terms, total: terms.length }));
  const create = vi.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 12 } }));
  const request = vi.fn(async () => ({ termsConditions: terms, count: terms.length }));
  const { location } = renderAdmin(routes({ '/termsConditions': <TermConditionList />, '/termsConditions/:id': <p>Term detail</p> }), {
    dataProvider: fakeDataProvider({ getList, create, request }),
    initialEntries: ['/termsConditions'],
  });
  return { getList, create, request, location };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('Terms & Conditions list', () => {
  it('shows Order, Name and Always Include on Proposal (tick or cross), by tc_order ascending', async () => {
    const { getList } = renderTerms();
    await screen.findByText('Payment Terms');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Order', 'Name', 'Always Include on Proposal']);
    expect(getList).toHaveBeenCalledWith('termsConditions', expect.objectContaining({ sort: { field: 'tc_order', order: 'ASC' } }));
    expect(within(rowOf('Payment Terms')).getByTitle('Yes')).toBeInTheDocument();
    expect(within(rowOf('Plant Warranty')).getByTitle('No')).toBeInTheDocument();
    // The cell after the row's checkbox.
    expect(within(rowOf('Acceptance')).getAllByRole('cell')[1]).toHaveTextContent('2');
  });

  it('opens a term from its row', async () => {
    const { location } = renderTerms();
    await userEvent.click(await screen.findByText('Acceptance'));
    await waitFor(() => expect(location()).toBe('/termsConditions/3'));
  });

  it('moves a term down and up through the reorder call, without opening it', async () => {
    const { request, getList, location } = renderTerms();
    await screen.findByText('Payment Terms');
    await userEvent.click(screen.getByRole('button', { name: 'Move Payment Terms down' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('POST', '/termsConditions/reorder', { body: { ids: [3, 7, 9] } }));
    // The whole order was read, not only the page shown.
    expect(getList).toHaveBeenCalledWith('termsConditions', expect.objectContaining({ pagination: { page: 1, perPage: 0 } }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Plant Warranty up' }));
    await waitFor(() => expect(request).toHaveBeenLastCalledWith('POST', '/termsConditions/reorder', { body: { ids: [7, 9, 3] } }));
    expect(location()).toBe('/termsConditions');
  });

  it('leaves the first term first and the last term last', async () => {
    const { request } = renderTerms();
    await screen.findByText('Payment Terms');
    await userEvent.click(screen.getByRole('button', { name: 'Move Payment Terms up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Plant Warranty down' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Plant Warranty down' })).toBeEnabled());
    expect(request).not.toHaveBeenCalled();
  });

  it('creates a term by name in a modal, then opens it', async () => {
    const { create, location } = renderTerms();
    await screen.findByText('Payment Terms');
    await userEvent.click(screen.getByRole('button', { name: 'New Term & Condition' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Term & Condition' });
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'n'.repeat(151) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name cannot exceed 150 characters.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Utilities' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/termsConditions/12'));
    expect(create).toHaveBeenCalledWith('termsConditions', expect.objectContaining({ data: { name: 'Utilities' } }));
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Term & Condition Saved' });
  });
});
