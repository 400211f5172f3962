import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, type UpdateParams } from 'react-admin';
import { SiteEdit } from '../../../src/resources/sites/SiteEdit';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeDataProvider, renderAdmin, routes } from '../renderAdmin';
import { northField } from '../officeRecords';

const site = { ...northField, notes: 'Gate code 1234' };
const customer = { id: 5, name: 'Green Acres Estate' };
const allServices = [
  { id: 1, name: 'Fall Cleanup' },
  { id: 2, name: 'Snow Plowing' },
  { id: 3, name: 'Weekly Mowing' },
];

function renderDetail({ services = allServices, assigned = [2] }: { services?: typeof allServices; assigned?: number[] } = {}) {
  let stored = [...assigned];
  const request = vi.fn(async (method: string, path: string, options?: { body?: { serviceID: number } }) => {
    if (method === 'GET' && path === '/sites/9/services') return [...stored];
    // The site's photos (issue 42): none.
    if (method === 'GET' && path === '/sites/9/photos') return { photos: [] };
    if (method === 'POST' && path === '/sites/9/services') {
      stored = [...stored, options!.body!.serviceID];
      return { id: options!.body!.serviceID };
    }
    const unassign = /^\/sites\/9\/services\/(\d+)$/.exec(path);
    if (method === 'DELETE' && unassign) {
      stored = stored.filter((id) => id !== Number(unassign[1]));
      return null;
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  const update = vi.fn(async (_resource: string, params: UpdateParams) => ({ data: { ...params.data, id: 9, version: 3 } }));
  const deleteOne = vi.fn(async () => ({ data: site }));
  const dataProvider = fakeDataProvider({
    getOne: async (resource: string) => ({ data: resource === 'sites' ? site : customer }),
    getList: async () => ({ data: services, total: services.length }),
    update,
    delete: deleteOne,
    request,
  });
  const { location } = renderAdmin(routes({ '/sites/:id': <SiteEdit />, '/customers/:id': <p>Customer page</p> }), {
    dataProvider,
    initialEntries: ['/customers/5', '/sites/9'],
    initialIndex: 1,
  });
  return { request, update, deleteOne, location, stored: () => stored };
}

const serviceItem = (name: string) => screen.getByRole('checkbox', { name });

describe('Site detail', () => {
  it('shows General, Notes (5 rows) and Address cards, and a link to the customer', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'North Field' })).toBeInTheDocument();
    const cardTitles = screen.getAllByText(/./, { selector: '.MuiCardHeader-title' }).map((t) => t.textContent);
    // The first column, ending with the photos (issue 42), the second, then the site plan across both.
    expect(cardTitles.slice(0, 4)).toEqual(['General', 'Notes', 'Address', 'Photos']);
    expect(cardTitles[4]).toMatch(/^Snow log \(\d+\)$/);
    expect(cardTitles[5]).toMatch(/^Services \(\d\)$/);
    expect(cardTitles[6]).toBe('Site plan');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('North Field');
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(notes).toHaveValue('Gate code 1234');
    expect(notes).toHaveAttribute('rows', '5');
    expect(screen.getByLabelText('Address 1')).toHaveValue('3 Farm Road');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('New Jersey');
    expect(await screen.findByRole('link', { name: 'Green Acres Estate' })).toHaveAttribute('href', '/customers/5');
  });

  it("lists every service, ticks the site's own, and toggles them with the count following", async () => {
    const { request, stored } = renderDetail();
    expect(await screen.findByText('Services (1)')).toBeInTheDocument();
    await waitFor(() => expect(serviceItem('Snow Plowing')).toHaveAttribute('aria-checked', 'true'));
    expect(serviceItem('Fall Cleanup')).toHaveAttribute('aria-checked', 'false');
    expect(within(serviceItem('Snow Plowing')).getByTestId('CheckIcon')).toBeInTheDocument();
    expect(within(serviceItem('Fall Cleanup')).queryByTestId('CheckIcon')).not.toBeInTheDocument();

    fireEvent.click(serviceItem('Weekly Mowing'));
    expect(await screen.findByText('Services (2)')).toBeInTheDocument();
    expect(serviceItem('Weekly Mowing')).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(request).toHaveBeenCalledWith('POST', '/sites/9/services', { body: { serviceID: 3 } }));

    fireEvent.click(serviceItem('Snow Plowing'));
    expect(await screen.findByText('Services (1)')).toBeInTheDocument();
    await waitFor(() => expect(request).toHaveBeenCalledWith('DELETE', '/sites/9/services/2'));
    await waitFor(() => expect(stored()).toEqual([3]));
    expect(serviceItem('Snow Plowing')).toHaveAttribute('aria-checked', 'false');
  });

  it("says 'No Services' when there are none", async () => {
    renderDetail({ services: [], assigned: [] });
    expect(await screen.findByText('No Services')).toBeInTheDocument();
    expect(screen.getByText('Services (0)')).toBeInTheDocument();
  });

  it('puts a refused toggle back', async () => {
    const { request } = renderDetail();
    await waitFor(() => expect(serviceItem('Snow Plowing')).toHaveAttribute('aria-checked', 'true'));
    allowFailedCallLogs(404);
    request.mockImplementationOnce(async () => {
      throw new HttpError('Service not found.', 404, { message: 'Service not found.' });
    });
    fireEvent.click(serviceItem('Fall Cleanup'));
    await waitFor(() => expect(request).toHaveBeenCalledWith('POST', '/sites/9/services', { body: { serviceID: 1 } }));
    await waitFor(() => expect(serviceItem('Fall Cleanup')).toHaveAttribute('aria-checked', 'false'));
    expect(screen.getByText('Services (1)')).toBeInTheDocument();
  });

  it('shows ERR_FORM_INVALID as a success-style alert on an invalid save, and saves nothing', async () => {
    const { update } = renderDetail();
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'ERR_FORM_INVALID' });
    expect(update).not.toHaveBeenCalled();
  });

  it("saves with the version it started from and says 'Site Saved'", async () => {
    const { update } = renderDetail();
    const user = userEvent.setup();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Notes' }), { target: { value: 'Gate code 9999' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][1].data).toMatchObject({ notes: 'Gate code 9999', version: 2, name: 'North Field' });
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: 'Site Saved' }));
  });

  it('asks before deleting, then goes back', async () => {
    const { deleteOne, location } = renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you would like to delete this site?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteOne).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/customers/5'));
    expect(deleteOne).toHaveBeenCalledWith('sites', expect.objectContaining({ id: 9 }));
  });

  it('cannot be deleted while it has estimates: the confirmation says so and its Delete is disabled', async () => {
    const deleteOne = vi.fn(async () => ({ data: site }));
    const dataProvider = fakeDataProvider({
      getOne: async (resource: string) => ({ data: resource === 'sites' ? site : customer }),
      getList: async () => ({ data: [], total: 0 }),
      delete: deleteOne,
      // No photos (issue 42).
      request: async (_method: string, path: string) => (path.endsWith('/photos') ? { photos: [] } : []),
      deleteImpact: async () => ({ deletes: [], blockedBy: [{ name: 'estimates', singular: 'estimate', plural: 'estimates', count: 1 }] }),
    });
    renderAdmin(routes({ '/sites/:id': <SiteEdit /> }), { dataProvider, initialEntries: ['/sites/9'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    const deleteButton = within(dialog).getByRole('button', { name: 'Delete' });
    expect(deleteButton).toBeDisabled();
    expect(deleteButton).toHaveAccessibleDescription(expect.stringContaining('This site cannot be deleted: it still has 1 estimate.'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteOne).not.toHaveBeenCalled();
  });

  it('goes to the sites list after deleting a site that was opened directly', async () => {
    const dataProvider = fakeDataProvider({
      getOne: async (resource: string) => ({ data: resource === 'sites' ? site : customer }),
      getList: async () => ({ data: [], total: 0 }),
      delete: async () => ({ data: site }),
      // No photos (issue 42).
      request: async (_method: string, path: string) => (path.endsWith('/photos') ? { photos: [] } : []),
    });
    const { location } = renderAdmin(routes({ '/sites/:id': <SiteEdit />, '/sites': <p>Sites list</p> }), {
      dataProvider,
      initialEntries: ['/sites/9'],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/sites'));
  });
});
