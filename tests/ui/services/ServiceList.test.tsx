import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreateParams, GetListParams, RaRecord } from 'react-admin';
import { ServiceList } from '../../../src/resources/services/ServiceList';
import { deleteServiceQuestion } from '../../../src/resources/services/useDeleteService';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { fakeDataProvider, renderAdmin } from '../renderAdmin';

const local = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h).toISOString();
const rows = [
  {
    id: 1,
    name: 'Snow Plowing',
    description: '<p>Plow at <strong>2 inches</strong></p>',
    startDate: local(2025, 11, 15),
    endDate: local(2026, 4, 1),
    isRecurring: true,
    version: 1,
  },
  { id: 2, name: 'Mulching', description: '<p>Beds</p>', startDate: local(2025, 1, 1, 14), endDate: null, isRecurring: false, version: 4 },
];

function renderServices(siteCount = 3) {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: rows, total: rows.length }));
  const create = vi.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 9 } as RaRecord }));
  const deleteOne = vi.fn(async () => ({ data: rows[1] }));
  const request = vi.fn(async () => ({ count: siteCount }));
  renderAdmin(<ServiceList />, {
    dataProvider: fakeDataProvider({ getList, create, delete: deleteOne, request }),
    initialEntries: ['/services'],
  });
  return { getList, create, deleteOne, request };
}

/** A row's cells after its checkbox (bulk actions, issue 25). */
const cells = (name: string) =>
  within(screen.getByRole('row', { name: new RegExp(name) }))
    .getAllByRole('cell')
    .slice(1);

describe('Services screen', () => {
  it('shows Name, Description as formatted text, dates or N/A, and a tick or cross for Recurring', async () => {
    renderServices();
    await screen.findByText('Snow Plowing');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      // The checkbox that ticks a row for the bulk actions (issue 25).
      '',
      'Name',
      'Description',
      'Start Date',
      'End Date',
      'Recurring',
    ]);
    const plowing = cells('Snow Plowing');
    expect(within(plowing[1]).getByText('2 inches').tagName).toBe('STRONG');
    expect(plowing[2]).toHaveTextContent('11/15/2025 12:00 AM');
    expect(plowing[3]).toHaveTextContent('4/1/2026 12:00 AM');
    expect(within(plowing[4]).getByTitle('Yes')).toBeInTheDocument();
    const mulching = cells('Mulching');
    expect(mulching[2]).toHaveTextContent('1/1/2025 2:00 PM');
    expect(mulching[3]).toHaveTextContent('N/A');
    expect(within(mulching[4]).getByTitle('No')).toBeInTheDocument();
  });

  it('asks for every service by service_name, and sorts by a clicked column both ways', async () => {
    const { getList } = renderServices();
    await screen.findByText('Snow Plowing');
    expect(getList.mock.calls[0][1]).toMatchObject({ sort: { field: 'service_name', order: 'ASC' }, pagination: { perPage: 0 } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Date' }));
    await waitFor(() => expect(getList.mock.calls.at(-1)![1].sort).toEqual({ field: 'service_startDate', order: 'ASC' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start Date' }));
    await waitFor(() => expect(getList.mock.calls.at(-1)![1].sort).toEqual({ field: 'service_startDate', order: 'DESC' }));
    fireEvent.click(screen.getByRole('button', { name: 'Recurring' }));
    await waitFor(() => expect(getList.mock.calls.at(-1)![1].sort).toEqual({ field: 'service_isRecurring', order: 'ASC' }));
  });

  it('creates a service, refusing an empty one first', async () => {
    const { create } = renderServices();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New Service' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Service' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Start Date is required.')).toBeInTheDocument();
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Leaf Vacuuming' } });
    fireEvent.change(within(dialog).getByLabelText('Start Date'), { target: { value: '2025-10-01T08:30' } });
    await user.click(within(dialog).getByLabelText('Recurring'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][1].data).toMatchObject({
      name: 'Leaf Vacuuming',
      startDate: new Date(2025, 9, 1, 8, 30).toISOString(),
      isRecurring: true,
    });
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Service Saved' }));
  });

  it('deletes a service only after saying how many sites lose it', async () => {
    const { deleteOne, request } = renderServices(3);
    const user = userEvent.setup();
    await user.click(await screen.findByText('Mulching'));
    const editor = await screen.findByRole('dialog', { name: 'Edit Service' });
    expect(within(editor).getByRole('textbox', { name: 'Name' })).toHaveValue('Mulching');
    await user.click(within(editor).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith('GET', '/services/2/siteCount'));
    const question = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(question).toHaveTextContent(
      'This service is assigned to 3 sites; deleting it removes it from those sites. Are you sure you would like to delete this service?',
    );
    expect(deleteOne).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('services', expect.objectContaining({ id: 2 })));
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Service Deleted' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('words the question for one site and for none', () => {
    expect(deleteServiceQuestion(0)).toBe('Are you sure you would like to delete this service?');
    expect(deleteServiceQuestion(1)).toBe(
      'This service is assigned to 1 site; deleting it removes it from that site. Are you sure you would like to delete this service?',
    );
  });
});
