import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/dataProvider';
import { EstimateEdit } from '../../../src/resources/estimates/EstimateEdit';
import { renderAdmin, routes } from '../renderAdmin';
import { fakeEstimateApi } from './estimateApi';

afterEach(() => vi.unstubAllGlobals());

function renderDetail() {
  return renderAdmin(routes({ '/estimates/:id/*': <EstimateEdit /> }), { dataProvider, initialEntries: ['/estimates/42/detail'] });
}

const card = () => screen.getByRole('region', { name: 'Profitability' });
const figure = (label: string) => within(card()).getByRole('rowheader', { name: label }).nextElementSibling as HTMLElement;

async function typeDiscount(user: ReturnType<typeof userEvent.setup>, value: string) {
  const input = screen.getByRole('spinbutton', { name: 'Discount (%)' });
  await user.clear(input);
  if (value) await user.type(input, value);
}

describe('Profitability card (issue 24)', () => {
  it('shows cost, crew hours and days, gross profit and the margin against the target, with a warning below it', async () => {
    fakeEstimateApi();
    renderDetail();
    await waitFor(() => expect(figure('Revenue')).toHaveTextContent('$1,800.00'));
    // The included areas: direct cost 400 + 200 + 100, crew hours 10 + 5 + 2 at $40 + $10 an hour.
    expect(figure('Direct cost')).toHaveTextContent('$700.00');
    expect(figure('Crew hours')).toHaveTextContent('17 h · 2.1 crew-days');
    expect(figure('Crew cost')).toHaveTextContent('$850.00');
    expect(figure('Cost')).toHaveTextContent('$1,550.00');
    expect(figure('Gross profit')).toHaveTextContent('$250.00');
    expect(figure('Margin')).toHaveTextContent('13.9 % (target 35.0 %)');
    // 1550 ÷ 0.65 = 2384.615…, up to the cent.
    expect(within(card()).getByRole('alert')).toHaveTextContent(
      'Below the 35.0 % target. A subtotal of $2,384.62 reaches it; $1,550.00 breaks even.',
    );
  });

  it('follows the discount as it is typed, like Pricing; the warning comes and goes with the margin', async () => {
    const api = fakeEstimateApi();
    api.costing.targetMarginPercent = 10;
    const user = userEvent.setup();
    renderDetail();
    await waitFor(() => expect(figure('Margin')).toHaveTextContent('13.9 % (target 10.0 %)'));
    expect(within(card()).queryByRole('alert')).toBeNull();
    expect(within(card()).getByText('At or above the target margin.')).toBeInTheDocument();

    await typeDiscount(user, '10');
    // Revenue 1800 × 0.9 = 1620; profit 1620 − 1550 = 70: 4.3 %.
    await waitFor(() => expect(figure('Revenue')).toHaveTextContent('$1,620.00'));
    expect(figure('Gross profit')).toHaveTextContent('$70.00');
    expect(figure('Margin')).toHaveTextContent('4.3 % (target 10.0 %)');
    expect(within(card()).getByRole('alert')).toHaveTextContent('Below the 10.0 % target.');
    // The cost does not depend on the discount.
    expect(figure('Cost')).toHaveTextContent('$1,550.00');

    await typeDiscount(user, '');
    await waitFor(() => expect(within(card()).queryByRole('alert')).toBeNull());
  });
});
