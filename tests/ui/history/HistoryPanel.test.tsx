import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HistoryPanel } from '../../../src/resources/estimates/history/HistoryPanel';
import type { RevisionSummary } from '../../../src/resources/estimates/history/useRevisions';
import { compareRevisions, type RevisionArea, type RevisionItem, type RevisionSnapshot } from '../../../src/domain/revisions';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { fakeFetch, json, makeToken, type FakeCall } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';

const item = (id: number, name: string, quantity: number, unitPrice: number): RevisionItem => ({
  id,
  itemID: null,
  name,
  size: null,
  quantity,
  units: 'yd',
  unitCost: 10,
  unitPrice,
  totalCost: quantity * 10,
  totalPrice: quantity * unitPrice,
});
const area = (id: number, name: string, items: RevisionItem[], rest: Partial<RevisionArea> = {}): RevisionArea => ({
  id,
  name,
  tax: 'NJ',
  isIncluded: true,
  notes: null,
  subtotal: items.reduce((sum, i) => sum + i.totalPrice, 0),
  items,
  ...rest,
});
const salted = (price: number) => ({
  snowPricing: { expectedEvents: 10, expectedInches: 40, lines: [{ service: 'salt' as const, basis: 'perApplication' as const, price }] },
});
const R1: RevisionSnapshot = {
  areas: [
    area(1, 'Front Beds', [item(11, 'Mulch', 3, 45), item(12, 'Edging', 1, 80)], salted(85)),
    area(2, 'Patio', [item(21, 'Pavers', 100, 12)]),
  ],
  pricing: { discount: 0, subtotal: 1415, taxes: 93.75, total: 1508.75 },
};
const R2: RevisionSnapshot = {
  areas: [
    area(1, 'Front Beds', [item(11, 'Mulch', 6, 45), item(12, 'Edging', 1, 80)], salted(95)),
    area(3, 'Lawn', [item(31, 'Seed', 2, 60)]),
  ],
  pricing: { discount: 0, subtotal: 470, taxes: 31.14, total: 501.14 },
};
const revisions: RevisionSummary[] = [
  { revision: 1, frozenAt: '2026-11-02T15:00:00Z', frozenBy: 'Dana Miller', subtotal: 1415, total: 1508.75, proposalIDs: [7] },
  { revision: 2, frozenAt: null, frozenBy: null, subtotal: 470, total: 501.14, proposalIDs: [] },
];

function renderPanel(list: RevisionSummary[] = revisions) {
  const calls = fakeFetch((call: FakeCall) => {
    if (call.path === '/api/estimates/5/revisions') return json(200, { revisions: list });
    if (call.path === '/api/estimates/5/revisions/compare') {
      return json(200, { from: 1, to: 2, ...compareRevisions(R1, R2) });
    }
    if (call.path === '/api/estimates/5/revisions/1/restore') return json(200, { revision: 3 });
    return json(404, { message: 'Not here.' });
  });
  renderAdmin(<HistoryPanel estimate={{ id: 5, version: 4 }} />, { dataProvider, alerts: true });
  return calls;
}

beforeEach(() => storeToken(makeToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the History panel (issue 23)', () => {
  it('lists the revisions newest first: the current one unsent, the sent one with who and when', async () => {
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Revisions' });
    const [current, sent] = within(list).getAllByRole('listitem');
    expect(current).toHaveTextContent('R2');
    expect(current).toHaveTextContent('Current · not sent');
    expect(current).toHaveTextContent('Total $501.14');
    expect(within(current).queryByRole('button', { name: /Restore/ })).toBeNull();
    expect(sent).toHaveTextContent('R1');
    expect(sent).toHaveTextContent(/Sent 11\/2\/2026, .* by Dana Miller · 1 proposal/);
    expect(sent).toHaveTextContent('Total $1,508.75');
  });

  it('compares R1 with R2 side by side: added green, removed red, changed amber, each said in words', async () => {
    const calls = renderPanel();
    const table = await screen.findByRole('table', { name: 'Changes from R1 to R2' });
    expect(calls.find((c) => c.path.endsWith('/compare'))!.query.toString()).toBe('from=1&to=2');
    const rowOf = (text: string | RegExp) => within(table).getByRole('row', { name: text });
    expect(rowOf(/^Total/)).toHaveAttribute('data-change', 'changed');
    expect(rowOf(/^Total/)).toHaveTextContent('$1,508.75$501.14');
    expect(rowOf(/^Discount/)).not.toHaveAttribute('data-change');

    const patio = rowOf(/^Patio/);
    expect(patio).toHaveAttribute('data-change', 'removed');
    expect(within(patio).getByText('Removed')).toBeInTheDocument();
    expect(rowOf(/^Pavers/)).toHaveTextContent('100 yd × $12.00 = $1,200.00—');

    expect(rowOf(/^Lawn/)).toHaveAttribute('data-change', 'added');
    expect(rowOf(/^Seed/)).toHaveTextContent('—2 yd × $60.00 = $120.00');

    const quantity = rowOf(/^Mulch: Quantity/);
    expect(quantity).toHaveAttribute('data-change', 'changed');
    expect(quantity).toHaveTextContent('36');
    expect(within(quantity).getByText('Changed')).toBeInTheDocument();
    expect(rowOf(/^Mulch: Price/)).toHaveTextContent('$135.00$270.00');
    expect(within(table).queryByText(/Edging/)).toBeNull();
    // Issue 41: a snow price sheet that changed, in the words the client reads.
    expect(rowOf(/^Snow pricing/)).toHaveTextContent('De-icing: $85.00 per application.De-icing: $95.00 per application.');
  });

  it('restores an earlier revision after asking', async () => {
    const calls = renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore R1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore R1' });
    expect(dialog).toHaveTextContent('The work areas, items and notes become those of R1.');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/estimates/5/revisions/1/restore')).toBe(true));
    expect(await screen.findByText('Revision R1 Restored as R3')).toBeInTheDocument();
  });

  it('with one revision says there is nothing to compare', async () => {
    renderPanel([{ ...revisions[1], revision: 1 }]);
    expect(await screen.findByText(/nothing to compare yet/)).toBeInTheDocument();
  });
});
