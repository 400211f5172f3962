import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreateParams, GetListParams, UpdateParams } from 'react-admin';
import { Resource } from 'react-admin';
import { resourceFromEntity } from '../../../src/admin/generic/resourceFromEntity';
import { navigationEntryOf } from '../../../src/admin/generic/navigationEntry';
import { EntityListPage } from '../../../src/admin/generic/EntityListPage';
import { EntityDetailPage } from '../../../src/admin/generic/EntityDetailPage';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { entityIcons } from '../../../src/admin/generic/entityIcons';
import { entitiesWithScreens } from '../../../src/admin/generic/entitiesWithScreens';
import { bespokeScreens } from '../../../src/resources';
import { customers, items, services } from '../../../src/schema';
import { equipment } from '../../fixtures/equipment';
import { fakeDataProvider, renderAdmin, routes } from '../renderAdmin';

const mower = {
  id: 3,
  version: 2,
  name: 'Zero-turn mower',
  serialNumber: 'ZT-0042',
  purchaseDate: '2025-04-01T14:30:00.000Z',
  cost: 12500,
  isActive: true,
  siteID: 8,
  siteName: 'North Lawn',
};
const plow = {
  id: 5,
  version: 1,
  name: 'Snow plow',
  serialNumber: null,
  purchaseDate: null,
  cost: null,
  isActive: false,
  siteID: null,
  siteName: null,
};
const northLawn = { id: 8, name: 'North Lawn' };

function renderList() {
  const getList = vi.fn(async (resource: string, _params: GetListParams) =>
    resource === 'sites' ? { data: [northLawn], total: 1 } : { data: [mower, plow], total: 2 },
  );
  const create = vi.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 11 } }));
  const { location } = renderAdmin(
    routes({ '/equipment': <EntityListPage entity={equipment} />, '/equipment/:id': <p>Equipment detail</p> }),
    {
      dataProvider: fakeDataProvider({ getList, create }),
      initialEntries: ['/equipment'],
      alerts: true,
    },
  );
  return { getList, create, location };
}

function renderDetail() {
  const update = vi.fn(async (_resource: string, params: UpdateParams) => ({
    data: { ...params.previousData, ...params.data, version: 3 },
  }));
  const deleteOne = vi.fn(async () => ({ data: mower }));
  const getOne = vi.fn(async (resource: string) => ({ data: resource === 'sites' ? northLawn : mower }));
  const { location } = renderAdmin(
    routes({ '/equipment/:id': <EntityDetailPage entity={equipment} />, '/equipment': <p>Equipment list</p> }),
    { dataProvider: fakeDataProvider({ getOne, update, delete: deleteOne }), initialEntries: ['/equipment/3'], alerts: true },
  );
  return { update, deleteOne, location };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('the generic screens of an entity declared in a test', () => {
  it('make a resource with the label and icon of the declaration, and a navigation entry', () => {
    const resource = resourceFromEntity(equipment);
    expect(resource).toMatchObject({ name: 'equipment', options: { label: 'Equipment' }, recordRepresentation: 'name' });
    expect(navigationEntryOf(equipment)).toMatchObject({ label: 'Equipment', to: '/equipment' });
    expect(navigationEntryOf(equipment).icon).toBe(resource.icon);
  });

  it('mount as react-admin’s Resource: the list at /equipment, a record at /equipment/:id', async () => {
    const getList = vi.fn(async () => ({ data: [mower, plow], total: 2 }));
    const getOne = vi.fn(async (resource: string) => ({ data: resource === 'sites' ? northLawn : mower }));
    const { navigate } = renderAdmin(routes({ '/equipment/*': <Resource {...resourceFromEntity(equipment)} /> }), {
      dataProvider: fakeDataProvider({ getList, getOne }),
      initialEntries: ['/equipment'],
    });
    expect(await screen.findByRole('heading', { name: 'Equipment' })).toBeInTheDocument();
    expect(await screen.findByText('Snow plow')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('equipment', expect.anything());

    await navigate('/equipment/3');
    expect(await screen.findByRole('heading', { name: 'Zero-turn mower' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Serial Number' })).toHaveValue('ZT-0042');
    expect(getOne).toHaveBeenCalledWith('equipment', expect.objectContaining({ id: '3' }));
  });

  it('give every resource of the product its icon, and a detail route only where records open on a page', () => {
    for (const entity of entitiesWithScreens()) expect(Object.keys(entityIcons)).toContain(entity.screens!.icon);
    expect(resourceFromEntity(customers, bespokeScreens[customers.name]).edit).toBeTruthy();
    expect(resourceFromEntity(items, bespokeScreens[items.name]).edit).toBeUndefined();
    expect(resourceFromEntity(services, bespokeScreens[services.name]).edit).toBeUndefined();
  });

  it('list the declared columns, each shown by its kind, by the default sort', async () => {
    const { getList } = renderList();
    await screen.findByText('Zero-turn mower');
    expect(screen.getByRole('heading', { name: 'Equipment' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      // The checkbox that ticks a row for the bulk actions (issue 25).
      '',
      'Name',
      'Serial Number',
      'Purchase Date',
      'Cost',
      'Active',
      'Site',
    ]);
    // After the row's checkbox.
    const cells = within(rowOf('Zero-turn mower'))
      .getAllByRole('cell')
      .slice(1)
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'Zero-turn mower',
      'ZT-0042',
      expect.stringMatching(/^4\/1\/2025 \d+:30 (AM|PM)$/),
      '$12,500.00',
      'Yes',
      'North Lawn',
    ]);
    expect(within(rowOf('Zero-turn mower')).getByTitle('Yes')).toBeInTheDocument();
    expect(within(rowOf('Snow plow')).getByTitle('No')).toBeInTheDocument();
    expect(within(rowOf('Snow plow')).getAllByRole('cell')[3]).toHaveTextContent('N/A');
    expect(getList).toHaveBeenCalledWith(
      'equipment',
      expect.objectContaining({ sort: { field: 'equipment_name', order: 'ASC' }, pagination: { page: 1, perPage: 20 } }),
    );
  });

  it('search, sort by a column and page by 20, 50 or 100', async () => {
    const { getList } = renderList();
    await screen.findByText('Zero-turn mower');
    await userEvent.type(screen.getByPlaceholderText('Search Equipment'), 'mower');
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('equipment', expect.objectContaining({ filter: { q: 'mower' } })));
    await userEvent.click(
      screen.getByRole('columnheader', { name: 'Cost' }).querySelector('button, [role="button"]') ?? screen.getByText('Cost'),
    );
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('equipment', expect.objectContaining({ sort: { field: 'equipment_cost', order: 'ASC' } })),
    );
    await userEvent.click(screen.getByRole('combobox', { name: /per page/i }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['20', '50', '100']);
  });

  it('create one in the New dialog with the declared fields and the server’s messages, then open it', async () => {
    const { create, location } = renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'New Equipment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Equipment' });
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((t) => t.getAttribute('name') ?? t.id),
    ).toEqual(expect.arrayContaining(['name', 'serialNumber']));
    expect(within(dialog).getByRole('combobox', { name: 'Site' })).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Leaf blower');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Site' }), 'North');
    await userEvent.click(await screen.findByRole('option', { name: 'North Lawn' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        'equipment',
        expect.objectContaining({ data: expect.objectContaining({ name: 'Leaf blower', isActive: true, siteID: 8 }) }),
      ),
    );
    await waitFor(() => expect(location()).toBe('/equipment/11'));
    expect(getAlertState().alert?.message).toBe('Equipment Saved');
  });

  it('show a record on its detail page with an input for each field, and save it with its version', async () => {
    const { update } = renderDetail();
    expect(await screen.findByRole('heading', { name: 'Zero-turn mower' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Serial Number' })).toHaveValue('ZT-0042');
    expect(screen.getByRole('spinbutton', { name: 'Cost' })).toHaveValue(12500);
    expect(screen.getByLabelText('Active')).toBeChecked();
    expect(await screen.findByRole('combobox', { name: 'Site' })).toHaveValue('North Lawn');
    expect(screen.getByLabelText('Purchase Date')).toBeInTheDocument();

    const name = screen.getByRole('textbox', { name: /Name/ });
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    await userEvent.type(name, 'Mower #2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'equipment',
        expect.objectContaining({ data: expect.objectContaining({ id: 3, name: 'Mower #2', version: 2, siteID: 8 }) }),
      ),
    );
    await waitFor(() => expect(getAlertState().alert?.message).toBe('Equipment Saved'));
  });

  it('delete a record after the spec’s question, then go back to the list', async () => {
    const { deleteOne, location } = renderDetail();
    await screen.findByRole('heading', { name: 'Zero-turn mower' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Are you sure you would like to delete this equipment?');
    expect(deleteOne).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: /^(Delete|Yes|Confirm)$/ }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('equipment', expect.objectContaining({ id: 3 })));
    await waitFor(() => expect(location()).toBe('/equipment'));
  });
});
