import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from 'react-admin';
import SettingsPage from '../../../src/pages/settings/SettingsPage';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { CustomFieldInputs } from '../../../src/admin/customFields/CustomFieldsCard';
import type { CustomFieldDefinition } from '../../../src/schema/customFields';
import { fakeFetch, json, makeToken, type FakeCall } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';
import { EntityListPage } from '../../../src/admin/generic/EntityListPage';
import { sites } from '../../../src/schema';

const definition = (over: Partial<CustomFieldDefinition>): CustomFieldDefinition => ({
  id: 1,
  entity: 'sites',
  key: 'gate_code',
  label: 'Gate code',
  kind: 'text',
  required: false,
  min: null,
  max: null,
  choices: [],
  showInList: false,
  filterable: false,
  printOnProposal: false,
  help: null,
  position: 1,
  version: 1,
  ...over,
});

/** An office's fields kept in memory, as the server keeps them. */
function fakeFieldsApi(initial: CustomFieldDefinition[]) {
  let fields = [...initial];
  const calls = fakeFetch((call: FakeCall) => {
    const one = /^\/api\/customFields\/(\d+)$/.exec(call.path);
    if (call.path === '/api/customFields/changes') {
      return json(200, {
        changes: [
          {
            id: 1,
            at: '2026-11-27T15:00:00.000Z',
            fieldID: 1,
            entity: 'customers',
            key: 'po_number',
            label: 'PO Number',
            action: 'changed',
            changes: { required: [false, true], choices: [[], []] },
            userName: 'Ada Admin',
          },
        ],
      });
    }
    if (call.path === '/api/customFields' && call.method === 'GET') {
      return json(200, { customFields: fields.filter((f) => f.entity === call.query.get('entity')) });
    }
    if (call.path === '/api/customFields' && call.method === 'POST') {
      const body = call.body as CustomFieldDefinition;
      const added = definition({
        ...body,
        id: fields.length + 10,
        key: body.label.toLowerCase().replace(/\W+/g, '_'),
        position: fields.length + 1,
      });
      fields.push(added);
      return json(201, { id: added.id, key: added.key });
    }
    if (call.path === '/api/customFields/reorder' && call.method === 'POST') {
      const { ids } = call.body as { ids: number[] };
      fields = ids.map((id, index) => ({ ...fields.find((f) => f.id === id)!, position: index + 1 }));
      return json(200, { customFields: fields });
    }
    if (one && call.method === 'PUT') {
      fields = fields.map((f) => (f.id === Number(one[1]) ? { ...f, ...(call.body as object), version: f.version + 1 } : f));
      return json(
        200,
        fields.find((f) => f.id === Number(one[1])),
      );
    }
    if (one && call.method === 'DELETE') {
      fields = fields.filter((f) => f.id !== Number(one[1]));
      return json(200, { deletedValues: 2 });
    }
    return json(404, { message: 'not here' });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('Settings › Fields (issue 38)', () => {
  it('adds a choice field with its choices, edits it, moves it and deletes it after asking', async () => {
    storeToken(makeToken({ role: 'admin' }));
    const calls = fakeFieldsApi([definition({ id: 1, entity: 'customers', key: 'po_number', label: 'PO Number' })]);
    renderAdmin(<SettingsPage />, { dataProvider, authProvider, alerts: true });
    fireEvent.click(screen.getByRole('tab', { name: 'Fields' }));
    const table = await screen.findByRole('table', { name: 'Custom fields' });
    await within(table).findByText('PO Number');
    // Who changed the fields, when and how.
    const changes = await screen.findByRole('table', { name: 'Changes of the fields' });
    expect(await within(changes).findByText('required: false → true; choices: — → —')).toBeInTheDocument();
    expect(within(changes).getByText('Ada Admin')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Field' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Field' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Label is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Label'), 'Lead source');
    await user.click(within(dialog).getByLabelText('Kind'));
    await user.click(await screen.findByRole('option', { name: 'Choice' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A choice field needs at least one choice.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Choices'), 'Referral{enter}Website{enter}Referral');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The choice "Referral" is listed twice.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Choices'), '{backspace}'.repeat(8) + 'Yard sign');
    await user.click(within(dialog).getByLabelText('Filterable'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field Added')).toBeInTheDocument();
    const added = calls.find((call) => call.method === 'POST' && call.path === '/api/customFields');
    expect(added?.body).toMatchObject({
      entity: 'customers',
      label: 'Lead source',
      kind: 'choice',
      choices: ['Referral', 'Website', 'Yard sign'],
      filterable: true,
    });
    await within(table).findByText('Lead source');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Filterable');

    await user.click(screen.getByRole('button', { name: 'Move Lead source up' }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Lead source'));
    expect(calls.find((call) => call.path === '/api/customFields/reorder')?.body).toEqual({ entity: 'customers', ids: [11, 1] });
    // Dragged back by its label onto the first place.
    const dataTransfer = { setData: vi.fn(), getData: vi.fn() };
    fireEvent.dragStart(within(table).getByText('PO Number'), { dataTransfer });
    fireEvent.dragOver(within(table).getByText('Lead source'), { dataTransfer });
    fireEvent.drop(within(table).getByText('Lead source'), { dataTransfer });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('PO Number'));
    expect(calls.filter((call) => call.path === '/api/customFields/reorder').at(-1)?.body).toEqual({ entity: 'customers', ids: [1, 11] });

    await user.click(screen.getByRole('button', { name: 'Edit PO Number' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Field PO Number' });
    await user.click(within(edit).getByLabelText('Required'));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field Saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ label: 'PO Number', required: true, version: 1 });

    await user.click(screen.getByRole('button', { name: 'Delete PO Number' }));
    const question = await screen.findByRole('dialog', { name: 'Delete Field' });
    expect(question).toHaveTextContent('The values customers hold in it are deleted with it');
    // What would go can be exported first, from the question itself.
    expect(within(question).getByRole('button', { name: 'Export customers' })).toBeEnabled();
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Field Deleted with 2 values')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/api/customFields/1?confirm=true'))).toBe(true);
    await waitFor(() => expect(within(table).queryByText('PO Number')).toBeNull());
  });

  it('a form shows each kind with its own input, and checks values with the server’s messages', async () => {
    storeToken(makeToken({ role: 'admin' }));
    fakeFieldsApi([
      definition({ id: 1, key: 'gate_code', label: 'Gate code', kind: 'text', required: true, max: 6, help: 'For the crews' }),
      definition({ id: 2, key: 'directions', label: 'Directions', kind: 'longText' }),
      definition({ id: 3, key: 'zones', label: 'Irrigation zones', kind: 'number', min: 0, max: 40 }),
      definition({ id: 4, key: 'deposit', label: 'Deposit', kind: 'money' }),
      definition({ id: 5, key: 'since', label: 'Client since', kind: 'date' }),
      definition({ id: 6, key: 'dog', label: 'Dog on site', kind: 'yesNo' }),
      definition({ id: 7, key: 'crew', label: 'Preferred crew', kind: 'choice', choices: ['North', 'South'] }),
      definition({ id: 8, key: 'days', label: 'Service days', kind: 'multiChoice', choices: ['Mon', 'Thu'] }),
      definition({ id: 9, key: 'billing', label: 'Billing email', kind: 'email' }),
      definition({ id: 10, key: 'gate_phone', label: 'Gate phone', kind: 'phone' }),
      definition({ id: 11, key: 'hoa_site', label: 'HOA site', kind: 'url' }),
    ]);
    const submitted = vi.fn();
    renderAdmin(
      <Form onSubmit={submitted} mode="onSubmit">
        <CustomFieldInputs entity="sites" />
        <button type="submit">Save</button>
      </Form>,
      { dataProvider, authProvider },
    );
    const gate = await screen.findByRole('textbox', { name: /Gate code/ });
    expect(screen.getByText('For the crews')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Directions' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('spinbutton', { name: 'Irrigation zones' })).toBeInTheDocument();
    expect(screen.getByLabelText('Client since')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Dog on site')).toHaveAttribute('type', 'checkbox');
    expect(screen.getByRole('combobox', { name: 'Preferred crew' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Thu' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Billing email' })).toHaveAttribute('inputmode', 'email');
    expect(screen.getByRole('textbox', { name: 'Gate phone' })).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('textbox', { name: 'HOA site' })).toHaveAttribute('inputmode', 'url');

    const user = userEvent.setup();
    await user.type(screen.getByRole('spinbutton', { name: 'Irrigation zones' }), '41');
    await user.type(screen.getByRole('textbox', { name: 'Billing email' }), 'not mail');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gate code is required.')).toBeInTheDocument();
    expect(screen.getByText('Irrigation zones cannot exceed 40.')).toBeInTheDocument();
    expect(screen.getByText('Billing email is invalid.')).toBeInTheDocument();
    await user.type(gate, '1234567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gate code cannot exceed 6 characters.')).toBeInTheDocument();
    await user.clear(gate);
    await user.type(gate, '#4411');
    await user.clear(screen.getByRole('spinbutton', { name: 'Irrigation zones' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Irrigation zones' }), '12');
    await user.clear(screen.getByRole('textbox', { name: 'Billing email' }));
    await user.click(screen.getByRole('checkbox', { name: 'Thu' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
    expect(submitted.mock.calls[0][0].custom).toMatchObject({ gate_code: '#4411', zones: 12, days: ['Thu'] });
  });

  it('a list shows the fields marked for it as sortable columns, filters by them in the same popovers, and sets one on the ticked rows', async () => {
    storeToken(makeToken({ role: 'admin' }));
    const fields = [
      definition({ id: 1, key: 'gate_code', label: 'Gate code', showInList: true, filterable: true }),
      definition({ id: 2, key: 'dog', label: 'Dog on site', kind: 'yesNo', filterable: true }),
      definition({ id: 3, key: 'hidden', label: 'Not shown' }),
    ];
    const calls = fakeFetch((call: FakeCall) => {
      if (call.path === '/api/customFields') return json(200, { customFields: fields });
      if (call.path === '/api/sites/bulk') return json(200, { done: [1], kept: [] });
      if (call.path === '/api/sites') {
        return json(200, {
          sites: [
            { id: 1, name: 'North Lot', custom: { gate_code: '#4411', dog: true } },
            { id: 2, name: 'South Lot', custom: {} },
          ],
          count: 2,
        });
      }
      return json(404, { message: 'not here' });
    });
    renderAdmin(<EntityListPage entity={sites} />, { dataProvider, authProvider, initialEntries: ['/sites'] });
    const table = await screen.findByRole('table', { name: 'sites' });
    await within(table).findByText('#4411');
    expect(within(table).getByRole('columnheader', { name: /Gate code/ })).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: /Not shown/ })).toBeNull();
    const lastQuery = () => Object.fromEntries(calls.filter((call) => call.path === '/api/sites').at(-1)!.query);

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Gate code' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: 'custom.gate_code', sortDirection: 'ASC' }));

    await user.click(within(table).getByRole('button', { name: 'Filter Gate code' }));
    const popover = await screen.findByRole('dialog', { name: 'Filter Gate code' });
    await user.type(within(popover).getByLabelText('Gate code is'), '#4411');
    await user.click(within(popover).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastQuery()['filter:custom.gate_code']).toBe('["#4411"]'));
    await user.keyboard('{Escape}');

    // A filterable field without a column: a labelled button beside the search.
    await user.click(screen.getByRole('button', { name: 'Filter Dog on site' }));
    const dogs = await screen.findByRole('dialog', { name: 'Filter Dog on site' });
    await user.click(within(dogs).getByRole('checkbox', { name: 'Yes' }));
    await waitFor(() => expect(lastQuery()['filter:custom.dog']).toBe('["true"]'));
    await user.keyboard('{Escape}');

    // Set field… on the ticked rows: one request.
    await user.click(within(table).getByRole('checkbox', { name: /North Lot/ }));
    await user.click(screen.getByRole('button', { name: 'Set field…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a field of 1 sites' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Gate code' }), '#9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/sites/bulk')?.body).toEqual({
        action: 'setCustomField',
        ids: [1],
        key: 'gate_code',
        value: '#9',
      }),
    );
  });
});
