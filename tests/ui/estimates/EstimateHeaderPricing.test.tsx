import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../src/providers/dataProvider';
import { EstimateEdit } from '../../../src/resources/estimates/EstimateEdit';
import { renderAdmin, routes } from '../renderAdmin';
import { fakeEstimateApi } from './estimateApi';

/** Issue 20 "the first hour", #5: what the proposal prints shows on screen too. */

beforeEach(() => {
  fakeEstimateApi();
});
afterEach(() => vi.unstubAllGlobals());

function renderDetail() {
  return renderAdmin(routes({ '/estimates/:id/*': <EstimateEdit /> }), { dataProvider, initialEntries: ['/estimates/42/detail'] });
}

const figure = (name: string) => screen.getByRole('textbox', { name });
const discountInput = () => screen.getByRole('spinbutton', { name: 'Discount (%)' });

async function typeDiscount(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.clear(discountInput());
  if (value) await user.type(discountInput(), value);
}

describe('Estimate header', () => {
  it("shows the estimate's number, date, site (linked, its address to a map) and customer (linked), as the proposal prints them", async () => {
    renderDetail();
    await screen.findByRole('heading', { name: 'Spring Cleanup 2025' });
    const facts = (await screen.findByRole('link', { name: 'North Field' })).closest('dl')!;
    const fact = (label: string) => within(facts).getByText(label).nextElementSibling as HTMLElement;
    expect(fact('Number')).toHaveTextContent('1007');
    // createdAt 2025-04-01T14:00Z, as the tables show it.
    expect(fact('Date')).toHaveTextContent('4/1/2025');
    expect(within(fact('Site')).getByRole('link', { name: 'North Field' })).toHaveAttribute('href', '/sites/9');
    const map = within(fact('Site')).getByRole('link', { name: /3 Farm Road, Trenton, NJ 08601/ });
    expect(map).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=3%20Farm%20Road%2C%20Trenton%2C%20NJ%2008601');
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(fact('Customer')).getByRole('link', { name: 'Green Acres Estate' })).toHaveAttribute('href', '/customers/5');
  });
});

describe('Pricing card', () => {
  it('shows the discount taken off between Subtotal and Taxes, live as it is typed: Subtotal − Discount + Taxes = Total', async () => {
    const user = userEvent.setup();
    renderDetail();
    await waitFor(() => expect(figure('Total')).toHaveValue('$1,896.25'));
    expect(figure('Discount')).toHaveValue('$0.00');
    expect(figure('Discount')).toHaveAttribute('readonly');

    await typeDiscount(user, '10');
    await waitFor(() => expect(figure('Discount')).toHaveValue('\u2212$180.00'));
    // 1800 − 180 + 86.63 = 1706.63
    expect(figure('Taxes')).toHaveValue('$86.63');
    expect(figure('Total')).toHaveValue('$1,706.63');

    await typeDiscount(user, '12.5');
    await waitFor(() => expect(figure('Discount')).toHaveValue('\u2212$225.00'));
    await typeDiscount(user, '150');
    await waitFor(() => expect(figure('Discount')).toHaveValue(''));
  });
});
