import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fillTable } from '../../../src/domain/fillTable';
import { mapProps, samplePlan } from '../plans/planFixtures';
import { itemsTable, mulchLine, renderPanel, selectArea, user } from './panelHarness';

vi.mock('../../../src/resources/sites/plan/PlanMap', async () => (await import('../plans/planFixtures')).planMapModule());

const number = (dialog: HTMLElement, name: string) => within(dialog).getByRole('spinbutton', { name });

async function openItem(name: RegExp) {
  await selectArea('Front Lawn');
  await user().click(await within(itemsTable()).findByRole('row', { name }));
  return screen.findByRole('dialog', { name: 'Edit Work Area Item' });
}

async function openPicker(dialog: HTMLElement) {
  await user().click(within(dialog).getByRole('button', { name: 'Measure on the Plan' }));
  const picker = await screen.findByRole('dialog', { name: 'Measure on the Plan' });
  await within(picker).findByRole('group', { name: 'Areas of the plan' });
  return picker;
}

describe('Measure on the plan', () => {
  it("picks areas on the site's plan; their total becomes the size and the item remembers them", async () => {
    const { state, update } = renderPanel();
    state.sitePlan = samplePlan();
    const dialog = await openItem(/^Lawn mowing/);
    const picker = await openPicker(dialog);

    // One kind at a time: the map answers clicks on areas only.
    await waitFor(() => expect(mapProps().pickable).toBe('area'));
    const areas = within(picker).getByRole('group', { name: 'Areas of the plan' });
    expect(
      within(areas)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Front bed (1,240 ft²)', 'Side bed (400 ft²)']);
    await user().click(within(areas).getByRole('checkbox', { name: 'Front bed (1,240 ft²)' }));
    // A click on the map picks too.
    act(() => mapProps().onPick!('side-bed'));
    expect(within(areas).getByRole('checkbox', { name: 'Side bed (400 ft²)' })).toBeChecked();
    expect(within(picker).getByRole('status')).toHaveTextContent('Total: 1,640 ft²');
    expect([...mapProps().picked!]).toEqual(['front-bed', 'side-bed']);

    await user().click(within(picker).getByRole('button', { name: 'Use as Size' }));
    expect(screen.queryByRole('dialog', { name: 'Measure on the Plan' })).not.toBeInTheDocument();
    expect(number(dialog, 'Size')).toHaveValue(1640);
    // Mowing's rules price the size (2 acres and more: $95 an acre).
    expect(number(dialog, 'Unit Price')).toHaveValue(155800);
    expect(dialog).toHaveTextContent('Measured on the plan: Front bed, Side bed: 1,640 ft²');

    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][1].data).toMatchObject({
      size: 1640,
      planMeasure: {
        unit: 'sqft',
        total: 1640,
        shapes: [
          { id: 'front-bed', name: 'Front bed', value: 1240 },
          { id: 'side-bed', name: 'Side bed', value: 400 },
        ],
      },
    });
  });

  it('measures lines in linear feet, one kind at a time', async () => {
    const { state } = renderPanel();
    state.sitePlan = samplePlan();
    const dialog = await openItem(/^Lawn mowing/);
    const picker = await openPicker(dialog);
    await user().click(within(picker).getByRole('checkbox', { name: 'Front bed (1,240 ft²)' }));
    await user().click(within(picker).getByRole('button', { name: 'Lines' }));
    await waitFor(() => expect(mapProps().pickable).toBe('line'));
    expect(within(picker).getByRole('status')).toHaveTextContent('Total: —');
    await user().click(within(picker).getByRole('checkbox', { name: 'Walk edge (120 ft)' }));
    expect(within(picker).getByRole('status')).toHaveTextContent('Total: 120 ft');
    expect(within(picker).queryByRole('button', { name: 'Use in Fill Table' })).not.toBeInTheDocument();
    await user().click(within(picker).getByRole('button', { name: 'Use as Size' }));
    expect(number(dialog, 'Size')).toHaveValue(120);
  });

  it("gives a fill item's fill table the areas as width × length; the depth typed, cubic yards become the quantity", async () => {
    const { state, update } = renderPanel();
    state.sitePlan = samplePlan();
    const dialog = await openItem(/^Hardwood mulch/);
    const picker = await openPicker(dialog);
    await user().click(within(picker).getByRole('checkbox', { name: 'Front bed (1,240 ft²)' }));
    await user().click(within(picker).getByRole('button', { name: 'Use in Fill Table' }));

    const calculator = await screen.findByRole('dialog', { name: 'Fill Table Calculator' });
    expect(within(calculator).getByRole('textbox', { name: 'Width (ft)' })).toHaveValue('1240');
    expect(within(calculator).getByRole('textbox', { name: 'Length (ft)' })).toHaveValue('1');
    expect(calculator).toHaveTextContent('1,240 ft² measured on the plan (Front bed)');
    fireEvent.change(within(calculator).getByRole('textbox', { name: 'Depth (in)' }), { target: { value: '3' } });
    // 1,240 ft² × 3 in = 310 ft³ = 11.481 yd³.
    expect(fillTable({ width: 1240, length: 1, depth: 3 })?.cubicYards).toBe(11.481);
    expect(calculator).toHaveTextContent('Cubic Yards: 11.481');
    await user().click(within(calculator).getByRole('button', { name: 'Use Cubic Yards as Quantity' }));

    expect(number(dialog, 'Quantity')).toHaveValue(11.481);
    expect(within(dialog).getByRole('textbox', { name: 'Price' })).toHaveValue('$370.26');
    expect(dialog).toHaveTextContent('Measured on the plan: Front bed: 1,240 ft² at 3 in deep');
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][1].data).toMatchObject({
      quantity: 11.481,
      planMeasure: { unit: 'sqft', total: 1240, depthInches: 3, shapes: [{ id: 'front-bed', value: 1240 }] },
    });
  });

  it('forgets the plan once the size is typed by hand', async () => {
    const { state, update } = renderPanel();
    state.sitePlan = samplePlan();
    const dialog = await openItem(/^Lawn mowing/);
    const picker = await openPicker(dialog);
    await user().click(within(picker).getByRole('checkbox', { name: 'Side bed (400 ft²)' }));
    await user().click(within(picker).getByRole('button', { name: 'Use as Size' }));
    expect(dialog).toHaveTextContent('Measured on the plan: Side bed: 400 ft²');
    fireEvent.change(number(dialog, 'Size'), { target: { value: '0.5' } });
    expect(dialog).not.toHaveTextContent('Measured on the plan');
    await user().click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][1].data).toMatchObject({ size: 0.5, planMeasure: null });
  });

  it('says when the site has no plan yet, with the way to the site', async () => {
    renderPanel();
    const dialog = await openItem(/^Lawn mowing/);
    await user().click(within(dialog).getByRole('button', { name: 'Measure on the Plan' }));
    const picker = await screen.findByRole('dialog', { name: 'Measure on the Plan' });
    expect(await within(picker).findByText(/This site has no plan yet/)).toBeInTheDocument();
    expect(within(picker).getByRole('link', { name: 'Open the site' })).toHaveAttribute('href', '/sites/7');
    expect(within(picker).getByRole('button', { name: 'Use as Size' })).toBeDisabled();
  });

  it('warns on the work area when a shape an item was measured from changed since', async () => {
    const measured = {
      ...mulchLine,
      planMeasure: {
        unit: 'sqft',
        total: 1640,
        depthInches: 3,
        shapes: [
          { id: 'front-bed', name: 'Front bed', value: 1240 },
          { id: 'side-bed', name: 'Side bed', value: 400 },
        ],
      },
    };
    const { state } = renderPanel();
    state.items = state.items.map((item) => (item.id === measured.id ? measured : item));
    // Front bed redrawn larger (82 × 64 px: 1,312 ft²); Side bed unchanged.
    const plan = samplePlan();
    plan.shapes.features[0].properties.squareFeet = 1312;
    state.sitePlan = plan;
    await selectArea('Front Lawn');
    expect(
      await screen.findByText('Hardwood mulch: Measured on the plan: Front bed changed since (was 1,240 ft², now 1,312 ft²).'),
    ).toBeInTheDocument();
  });
});
