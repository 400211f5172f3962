import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { UpdateParams } from 'react-admin';
import {
  boolean,
  datetime,
  decimal,
  defineEntity,
  flag,
  integer,
  reference,
  richText,
  string,
  text,
} from '../../../src/schema/defineEntity';
import { maxMessage, minMessage } from '../../../src/schema/validate';
import { EntityDetailPage } from '../../../src/admin/generic/EntityDetailPage';
import { fakeDataProvider, renderAdmin, routes } from '../renderAdmin';

/** A test-only entity with a field of every kind a form can edit. */
const kits = defineEntity({
  name: 'kits',
  table: 'test_kits',
  route: 'kits',
  prefix: 'kit',
  listKey: 'kits',
  singular: 'kit',
  plural: 'kits',
  fields: {
    name: string('Name', { required: true, max: 40, sortable: true }),
    notes: text('Notes', { max: 500 }),
    manual: richText('Manual', { max: 65535 }),
    pieces: integer('Pieces', { min: 0, max: 99 }),
    price: decimal('Price', { min: 0, money: true }),
    isShared: boolean('Shared'),
    isAuto: flag('Always Packed'),
    boughtAt: datetime('Bought At'),
    season: string('Season', { choices: ['Spring', 'Summer', 'Fall', 'Winter'] }),
    siteID: reference('Site', { entity: 'sites', onDelete: 'set null' }),
  },
  defaultSort: { key: 'kit_name', direction: 'ASC' },
});

const kit = {
  id: 2,
  version: 4,
  name: 'Hedge kit',
  notes: 'Trimmer\nShears',
  manual: '<p><strong>Oil</strong> first</p>',
  pieces: 3,
  price: 89.5,
  isShared: true,
  isAuto: 0,
  boughtAt: '2025-03-02T09:15:00.000Z',
  season: 'Spring',
  siteID: 8,
};
const northLawn = { id: 8, name: 'North Lawn' };

beforeAll(() => {
  // jsdom has no layout: ProseMirror measures the caret to scroll it into view on focus.
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

function renderKit() {
  const update = vi.fn(async (_resource: string, params: UpdateParams) => ({
    data: { ...params.previousData, ...params.data, version: 5 },
  }));
  const getOne = vi.fn(async (resource: string) => ({ data: resource === 'sites' ? northLawn : kit }));
  renderAdmin(routes({ '/kits/:id': <EntityDetailPage entity={kits} />, '/kits': <p>Kits</p> }), {
    dataProvider: fakeDataProvider({ getOne, update }),
    initialEntries: ['/kits/2'],
  });
  return { update };
}

const fieldOf = (entity: typeof kits, name: string) => entity.field(name)!;

describe('the input of each field kind on a generic detail page', () => {
  it('is chosen by the kind: text, several lines, rich text, whole number, money, yes/no, flag, date-time, choices, reference', async () => {
    renderKit();
    await screen.findByRole('heading', { name: 'Hedge kit' });
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Hedge kit');
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(notes.tagName).toBe('TEXTAREA');
    expect(notes).toHaveValue('Trimmer\nShears');
    const manual = await screen.findByRole('textbox', { name: 'Manual' });
    expect(manual).toHaveAttribute('contenteditable', 'true');
    expect(manual.querySelector('strong')).toHaveTextContent('Oil');
    expect(screen.getByRole('spinbutton', { name: 'Pieces' })).toHaveValue(3);
    const price = screen.getByRole('spinbutton', { name: 'Price' });
    expect(price).toHaveValue(89.5);
    expect(price.closest('.MuiInputBase-root')).toHaveTextContent('$');
    expect(screen.getByRole('switch', { name: 'Shared' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Always Packed' })).not.toBeChecked();
    expect(screen.getByLabelText('Bought At')).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByRole('combobox', { name: 'Season' })).toHaveTextContent('Spring');
    expect(await screen.findByRole('combobox', { name: 'Site' })).toHaveValue('North Lawn');
  });

  it('checks each with the server’s rules and messages', async () => {
    const { update } = renderKit();
    await screen.findByRole('heading', { name: 'Hedge kit' });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Pieces' }), { target: { value: '100' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Price' }), { target: { value: '-1' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'n'.repeat(501) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(maxMessage(fieldOf(kits, 'pieces')))).toBeInTheDocument();
    expect(screen.getByText(minMessage(fieldOf(kits, 'price')))).toBeInTheDocument();
    expect(screen.getByText(maxMessage(fieldOf(kits, 'notes')))).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('sends each value as the API takes it: numbers, true/false, 1/0, an instant, a choice', async () => {
    const { update } = renderKit();
    await screen.findByRole('heading', { name: 'Hedge kit' });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Pieces' }), { target: { value: '12' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Price' }), { target: { value: '120.25' } });
    await userEvent.click(screen.getByRole('switch', { name: 'Shared' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Always Packed' }));
    fireEvent.change(screen.getByLabelText('Bought At'), { target: { value: '2025-06-01T08:30' } });
    await userEvent.click(screen.getByRole('combobox', { name: 'Season' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Fall' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][1].data).toMatchObject({
      pieces: 12,
      price: 120.25,
      isShared: false,
      isAuto: 1,
      boughtAt: new Date('2025-06-01T08:30').toISOString(),
      season: 'Fall',
      siteID: 8,
      version: 4,
    });
  });
});
