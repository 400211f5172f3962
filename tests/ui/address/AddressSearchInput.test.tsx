import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from 'react-admin';
import { sites } from '../../../src/schema';
import type { AddressCandidate } from '../../../src/domain/addressSearch';
import { AddressSearchInput } from '../../../src/admin/forms/AddressSearchInput';
import { FieldInput } from '../../../src/admin/forms/FieldInput';
import { StateSelect } from '../../../src/admin/forms/StateSelect';
import { fakeDataProvider, renderAdmin } from '../renderAdmin';
import { TRENTON_08608 } from '../../helpers/addressFixtures';

const trenton = TRENTON_08608;
const yardley: AddressCandidate = {
  ...trenton,
  city: 'Yardley',
  county: 'Bucks',
  state: 'PA',
  zip: '19067',
  label: '12 Main St, Yardley, PA 19067',
};

function renderInput() {
  const request = vi.fn(async (_method: string, _path: string, _options?: { query?: Record<string, string> }) => [trenton, yardley]);
  renderAdmin(
    <Form record={{ address1: '', city: 'Old City', county: '', state: 'DE', zip: '' }}>
      <AddressSearchInput entity={sites} />
      <FieldInput entity={sites} name="city" />
      <FieldInput entity={sites} name="county" />
      <StateSelect label="State" />
      <FieldInput entity={sites} name="zip" />
    </Form>,
    { dataProvider: fakeDataProvider({ request }) },
  );
  return { request };
}

const address1 = () => screen.getByRole('combobox', { name: 'Address 1' });
const type = (text: string) => fireEvent.change(address1(), { target: { value: text } });
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('address line 1 typeahead', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches once, 200 ms after typing pauses, with what was typed', async () => {
    const { request } = renderInput();
    await screen.findByRole('combobox', { name: 'Address 1' });
    vi.useFakeTimers();
    type('12 Main');
    await advance(150);
    type('12 Main St Tren');
    await advance(199);
    expect(request).not.toHaveBeenCalled();
    await advance(1);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('GET', '/searchForAddress', { query: { searchString: '12 Main St Tren' } });
    vi.useRealTimers();
    expect(await screen.findByRole('option', { name: '12 Main St, Trenton, NJ 08608' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '12 Main St, Yardley, PA 19067' })).toBeInTheDocument();
  });

  it('does not search for empty or digits-only text', async () => {
    const { request } = renderInput();
    await screen.findByRole('combobox', { name: 'Address 1' });
    vi.useFakeTimers();
    for (const text of ['12', '1234', '12 34', '   ', '']) {
      type(text);
      await advance(1000);
    }
    expect(request).not.toHaveBeenCalled();
    type('12 M');
    await advance(200);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('fills address 1, city, county, state and zip from the picked address', async () => {
    const { request } = renderInput();
    type('12 Main St Trenton');
    fireEvent.click(await screen.findByRole('option', { name: '12 Main St, Trenton, NJ 08608' }));

    expect(address1()).toHaveValue('12 Main St');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Trenton');
    expect(screen.getByRole('textbox', { name: 'County' })).toHaveValue('Mercer');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('New Jersey');
    expect(screen.getByRole('textbox', { name: 'Zip' })).toHaveValue('08608');
    expect(request).toHaveBeenCalledTimes(1);
    // Writing the picked address is not typing: no new search, no list left open.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(request).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('keeps free text when nothing is picked', async () => {
    renderInput();
    type('Lot 7 behind the barn');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    fireEvent.keyDown(address1(), { key: 'Escape' });
    fireEvent.blur(address1());
    expect(address1()).toHaveValue('Lot 7 behind the barn');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Old City');
    expect(within(document.body).queryByRole('option')).not.toBeInTheDocument();
  });
});
