import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillTable } from '../../../src/domain/fillTable';
import { renderPanel, selectArea, user } from './panelHarness';

async function openCalculator() {
  await selectArea('Front Lawn');
  await user().click(screen.getByRole('button', { name: 'New Item' }));
  const editor = await screen.findByRole('dialog', { name: 'New Work Area Item' });
  await user().click(within(editor).getByRole('button', { name: 'Fill Table Calculator' }));
  const calculator = await screen.findByRole('dialog', { name: 'Fill Table Calculator' });
  return { editor, calculator };
}

function measure(calculator: HTMLElement, width: string, length: string, depth: string) {
  fireEvent.change(within(calculator).getByRole('textbox', { name: 'Width (ft)' }), { target: { value: width } });
  fireEvent.change(within(calculator).getByRole('textbox', { name: 'Length (ft)' }), { target: { value: length } });
  fireEvent.change(within(calculator).getByRole('textbox', { name: 'Depth (in)' }), { target: { value: depth } });
}

const quantityButton = (calculator: HTMLElement, figure: string) =>
  within(calculator).getByRole('button', { name: `Use ${figure} as Quantity` });

describe('Fill Table Calculator', () => {
  it('shows cubic yards (3 decimals), cubic feet (rounded up) and tons (1.25 × yd³, 3 decimals)', async () => {
    renderPanel();
    const { calculator } = await openCalculator();
    expect(within(calculator).getByText(/Enter the width, length and depth/)).toBeInTheDocument();
    expect(quantityButton(calculator, 'Cubic Yards')).toBeDisabled();

    // 10 ft × 10 ft × 4 in: (10/3)(10/3)(4/36) = 1.2345… yd³; 400/12 = 33.3… → 34 ft³; 1.25 × 1.2345… = 1.543 t.
    measure(calculator, '10', '10', '4');
    expect(fillTable({ width: 10, length: 10, depth: 4 })).toEqual({ cubicYards: 1.235, cubicFeet: 34, tons: 1.543 });
    expect(calculator).toHaveTextContent('Cubic Yards: 1.235');
    expect(calculator).toHaveTextContent('Cubic Feet: 34');
    expect(calculator).toHaveTextContent('Tons: 1.543');

    // A big lot keeps its thousands readable: 300 × 400 × 6 → 2,222.222 yd³, 60,000 ft³, 2,777.778 t.
    measure(calculator, '300', '400', '6');
    expect(calculator).toHaveTextContent('Cubic Yards: 2,222.222');
    expect(calculator).toHaveTextContent('Cubic Feet: 60,000');
    expect(calculator).toHaveTextContent('Tons: 2,777.778');
  });

  it('gives nothing to copy for a missing, negative or non-numeric measurement', async () => {
    renderPanel();
    const { calculator } = await openCalculator();
    for (const [width, length, depth] of [
      ['10', '', '4'],
      ['-10', '10', '4'],
      ['ten', '10', '4'],
      ['10', '10', 'Infinity'],
    ]) {
      measure(calculator, width, length, depth);
      expect(calculator).toHaveTextContent('Cubic Yards: —');
      for (const figure of ['Cubic Yards', 'Cubic Feet', 'Tons']) expect(quantityButton(calculator, figure)).toBeDisabled();
    }
  });

  it("copies a figure into the item's quantity, closes, and the totals follow", async () => {
    renderPanel();
    const { editor, calculator } = await openCalculator();
    measure(calculator, '10', '10', '4');
    await user().click(quantityButton(calculator, 'Tons'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fill Table Calculator' })).not.toBeInTheDocument());
    expect(within(editor).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1.543);

    await user().click(within(editor).getByRole('button', { name: 'Fill Table Calculator' }));
    const again = await screen.findByRole('dialog', { name: 'Fill Table Calculator' });
    measure(again, '10', '10', '4');
    await user().click(quantityButton(again, 'Cubic Feet'));
    await waitFor(() => expect(within(editor).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(34));
    fireEvent.change(within(editor).getByRole('spinbutton', { name: 'Unit Price' }), { target: { value: '2.5' } });
    expect(within(editor).getByRole('textbox', { name: 'Price' })).toHaveValue('$85.00');
  });
});
