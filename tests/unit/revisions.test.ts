import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { estimatePricing, itemTotals, workAreaSubtotal } from '../../src/domain/pricing';
import { applyComparison, compareRevisions, type RevisionArea, type RevisionItem, type RevisionSnapshot } from '../../src/domain/revisions';
import { estimateLabel } from '../../src/domain/estimates';
import type { SnowPricing } from '../../src/domain/snowPricing';
import { TAX_CODES } from '../../src/domain/taxes';
import { workAreaItems } from '../../src/schema';
import { ITEM_FIELDS, ITEM_INPUT_FIELDS, revisionItem } from '../../src/schema/workAreaItemLines';

type ItemInput = Pick<RevisionItem, 'id' | 'name' | 'quantity' | 'unitPrice'> & Partial<RevisionItem>;

function item(input: ItemInput): RevisionItem {
  const figures = { itemID: null, size: null, units: null, unitCost: 0, ...input };
  return { ...figures, ...itemTotals(figures) };
}

/** An area with its subtotal as the server stores it. */
function area(input: Omit<RevisionArea, 'subtotal' | 'tax' | 'isIncluded' | 'notes'> & Partial<RevisionArea>): RevisionArea {
  return { tax: 'NJ', isIncluded: true, notes: null, ...input, subtotal: workAreaSubtotal(input.items) };
}

function snapshot(areas: RevisionArea[], discount = 0): RevisionSnapshot {
  const priced = areas.map((a) => ({ ...a, subtotal: workAreaSubtotal(a.items) }));
  return { areas: priced, pricing: estimatePricing(priced, discount) };
}

const lawn = () =>
  area({
    id: 1,
    name: 'Front Lawn',
    items: [item({ id: 10, name: 'Mowing', quantity: 20, unitPrice: 55.5 }), item({ id: 11, name: 'Edging', quantity: 3, unitPrice: 40 })],
  });
const beds = () =>
  area({ id: 2, name: 'Back Beds', tax: 'PA', notes: '<p>Dog</p>', items: [item({ id: 12, name: 'Mulch', quantity: 10, unitPrice: 65 })] });

describe('compareRevisions', () => {
  const before = snapshot([lawn(), beds()], 10);

  it('finds nothing between a snapshot and itself', () => {
    const same = compareRevisions(before, before);
    expect(same.areas).toEqual({ added: [], removed: [], changed: [] });
    expect(same.items).toEqual({ added: [], removed: [], changed: [] });
    expect(same.totals.from).toEqual(same.totals.to);
  });

  it("compares the estimate's custom fields by key (issue 38), and applying the comparison gives them back", () => {
    const from = { ...before, custom: { po_number: 'PO-1', start: '2027-04-05', crew: 'North' } };
    const to = { ...before, custom: { start: '2027-04-05', crew: 'South', gate: '#44' } };
    const comparison = compareRevisions(from, to);
    expect(comparison.custom).toEqual([
      { key: 'crew', from: 'North', to: 'South' },
      { key: 'gate', from: null, to: '#44' },
      { key: 'po_number', from: 'PO-1', to: null },
    ]);
    expect(applyComparison(from, comparison).custom).toEqual(to.custom);
    // A snapshot frozen before custom fields existed is never said to differ in them.
    expect(compareRevisions(before, to).custom).toEqual([]);
  });

  it('matches areas by id: added and removed with their items, renamed, tax changed, left out, notes changed', () => {
    const patio = area({ id: 3, name: 'Patio', items: [item({ id: 13, name: 'Pavers', quantity: 100, unitPrice: 12 })] });
    const after = snapshot([{ ...lawn(), name: 'Front Yard', tax: 'PA' }, patio]);
    const result = compareRevisions(before, after);
    expect(result.areas.added).toEqual([after.areas[1]]);
    expect(result.areas.removed).toEqual([before.areas[1]]);
    expect(result.areas.changed).toEqual([
      { id: 1, name: 'Front Yard', changes: { name: { from: 'Front Lawn', to: 'Front Yard' }, tax: { from: 'NJ', to: 'PA' } } },
    ]);
    // The items of added and removed areas come with their area.
    expect(result.items).toEqual({ added: [], removed: [], changed: [] });

    const toggled = compareRevisions(before, snapshot([lawn(), { ...beds(), isIncluded: false, notes: '<p>No dog</p>' }], 10));
    expect(toggled.areas.changed).toEqual([
      {
        id: 2,
        name: 'Back Beds',
        changes: { included: { from: true, to: false }, notesChanged: true, notes: { from: '<p>Dog</p>', to: '<p>No dog</p>' } },
      },
    ]);
    expect(toggled.totals.to.subtotal).toBe(1230);
    expect(toggled.totals.from.subtotal).toBe(1880);
  });

  it('a renamed item is changed, not removed and added; moved money shows in the area subtotals and the totals', () => {
    const after = snapshot(
      [
        area({
          id: 1,
          name: 'Front Lawn',
          items: [
            item({ id: 10, name: 'Lawn mowing', quantity: 20, unitPrice: 55.5 }),
            item({ id: 14, name: 'Aeration', quantity: 1, unitPrice: 150 }),
          ],
        }),
        area({
          id: 2,
          name: 'Back Beds',
          tax: 'PA',
          notes: '<p>Dog</p>',
          items: [item({ id: 12, name: 'Mulch', quantity: 20, unitPrice: 65 })],
        }),
      ],
      10,
    );
    const result = compareRevisions(before, after);
    expect(result.items.changed).toEqual([
      { areaID: 1, id: 10, name: 'Lawn mowing', changes: { name: { from: 'Mowing', to: 'Lawn mowing' } } },
      { areaID: 2, id: 12, name: 'Mulch', changes: { quantity: { from: 10, to: 20 }, totalPrice: { from: 650, to: 1300 } } },
    ]);
    expect(result.items.removed).toEqual([{ areaID: 1, areaName: 'Front Lawn', item: before.areas[0].items[1] }]);
    expect(result.items.added).toEqual([{ areaID: 1, areaName: 'Front Lawn', item: after.areas[0].items[1] }]);
    expect(result.areas.changed.map((c) => [c.id, c.changes.subtotal])).toEqual([
      [1, { from: 1230, to: 1260 }],
      [2, { from: 650, to: 1300 }],
    ]);
    expect(result.totals).toEqual({ from: before.pricing, to: after.pricing });
    expect(result.totals.to.total).toBeGreaterThan(result.totals.from.total);
  });

  it('applying a comparison to its first snapshot gives the second', () => {
    const after = snapshot([{ ...lawn(), items: [item({ id: 10, name: 'Mowing', quantity: 25, unitPrice: 55.5 })] }], 5);
    expect(applyComparison(before, compareRevisions(before, after))).toEqual(after);
  });
});

/** Edits an office makes between two revisions, on the snapshot as the server would store it. */
type Edit =
  | { kind: 'addArea'; name: string; tax: string }
  | { kind: 'changeArea'; pick: number; name?: string; tax?: string; isIncluded?: boolean; notes?: string | null }
  | { kind: 'removeArea'; pick: number }
  | { kind: 'addItem'; pick: number; name: string; quantity: number; unitPrice: number }
  | { kind: 'changeItem'; pick: number; name?: string; quantity?: number; unitPrice?: number; unitCost?: number; units?: string | null }
  | { kind: 'removeItem'; pick: number }
  | { kind: 'discount'; discount: number };

const money = fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100);
const quantity = fc.integer({ min: 0, max: 100_000 }).map((n) => n / 1000);
const name = fc.string({ minLength: 1, maxLength: 12 });
const pick = fc.nat();
const tax = fc.constantFrom(...TAX_CODES);

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('addArea' as const), name, tax }),
  fc.record(
    { kind: fc.constant('changeArea' as const), pick, name, tax, isIncluded: fc.boolean(), notes: fc.option(fc.string({ maxLength: 20 })) },
    { requiredKeys: ['kind', 'pick'] },
  ),
  fc.record({ kind: fc.constant('removeArea' as const), pick }),
  fc.record({ kind: fc.constant('addItem' as const), pick, name, quantity, unitPrice: money }),
  fc.record(
    { kind: fc.constant('changeItem' as const), pick, name, quantity, unitPrice: money, unitCost: money, units: fc.option(name) },
    { requiredKeys: ['kind', 'pick'] },
  ),
  fc.record({ kind: fc.constant('removeItem' as const), pick }),
  fc.record({ kind: fc.constant('discount' as const), discount: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100) }),
);

/** Applies edits as the server does: new ids above every id so far, totals and pricing computed again. */
function edited(start: RevisionSnapshot, edits: Edit[]): RevisionSnapshot {
  let nextId = Math.max(0, ...start.areas.flatMap((a) => [a.id, ...a.items.map((i) => i.id)])) + 1;
  let areas = start.areas.map((a) => ({ ...a, items: [...a.items] }));
  let discount = start.pricing.discount;
  const allItems = () => areas.flatMap((a) => a.items.map((i) => ({ area: a, item: i })));
  for (const edit of edits) {
    if (edit.kind === 'addArea')
      areas.push({ id: nextId++, name: edit.name, tax: edit.tax, isIncluded: true, notes: null, subtotal: 0, items: [] });
    else if (edit.kind === 'discount') discount = edit.discount;
    else if (edit.kind === 'changeArea' || edit.kind === 'removeArea' || edit.kind === 'addItem') {
      if (!areas.length) continue;
      const target = areas[edit.pick % areas.length];
      if (edit.kind === 'removeArea') areas = areas.filter((a) => a !== target);
      else if (edit.kind === 'addItem')
        target.items.push(item({ id: nextId++, name: edit.name, quantity: edit.quantity, unitPrice: edit.unitPrice }));
      else {
        const { kind: _k, pick: _p, ...changes } = edit;
        Object.assign(target, changes);
      }
    } else {
      const lines = allItems();
      if (!lines.length) continue;
      const { area: owner, item: line } = lines[edit.pick % lines.length];
      const index = owner.items.indexOf(line);
      if (edit.kind === 'removeItem') owner.items.splice(index, 1);
      else {
        const { kind: _k, pick: _p, ...changes } = edit;
        owner.items[index] = item({ ...line, ...changes });
      }
    }
  }
  return snapshot(areas, discount);
}

describe('compareRevisions: the comparison applied to the first revision gives the second', () => {
  it('holds for random edit sequences', () => {
    const start = snapshot([lawn(), beds()], 10);
    fc.assert(
      fc.property(fc.array(editArbitrary, { maxLength: 12 }), fc.array(editArbitrary, { maxLength: 12 }), (first, second) => {
        const from = edited(start, first);
        const to = edited(from, second);
        const comparison = compareRevisions(from, to);
        expect(applyComparison(from, comparison)).toEqual(to);
        // Nothing is reported that did not change.
        for (const change of comparison.items.changed)
          for (const field of Object.values(change.changes)) expect(field!.from).not.toBe(field!.to);
      }),
      { numRuns: 300 },
    );
  });
});

describe('estimateLabel', () => {
  it('prints #<number>-R<revision>, revision 1 when unknown', () => {
    expect(estimateLabel(1042, 3)).toBe('#1042-R3');
    expect(estimateLabel(7)).toBe('#7-R1');
    expect(estimateLabel(7, 0)).toBe('#7-R1');
  });
});

describe('the fields of a line that revisions keep and compare', () => {
  it('are every declared field of a work area item but its work area; copies take the ones not computed', () => {
    const declared = workAreaItems.resolved.filter((field) => field.name !== 'workAreaID');
    expect([...ITEM_FIELDS]).toEqual(declared.map((field) => field.name));
    expect([...ITEM_INPUT_FIELDS]).toEqual(declared.filter((field) => !field.readOnly).map((field) => field.name));
    expect(ITEM_INPUT_FIELDS).toEqual(expect.arrayContaining(['kind', 'hoursPerUnit']));
  });

  it('a change of any kept field is compared; a field an older snapshot lacks is not a change', () => {
    const row = {
      id: 10,
      workAreaID: 1,
      itemID: null,
      name: 'Mowing',
      size: null,
      quantity: '2.000',
      units: 'hr',
      unitCost: '1',
      unitPrice: '2',
      totalCost: '2',
      totalPrice: '4',
      kind: 'LABOR',
      hoursPerUnit: '1.5',
      laborHours: '3',
      planMeasure: { shapes: [{ id: 'bed', name: 'Bed', value: 40 }], unit: 'sqft', total: 40 },
    };
    const now = revisionItem(row);
    expect(now).toEqual({
      ...row,
      workAreaID: undefined,
      quantity: 2,
      unitCost: 1,
      unitPrice: 2,
      totalCost: 2,
      totalPrice: 4,
      hoursPerUnit: 1.5,
      laborHours: 3,
    });
    const at = (items: RevisionItem[]) => snapshot([area({ id: 1, name: 'Lawn', items })]);
    for (const field of ITEM_FIELDS.filter((name) => name !== 'name')) {
      const changed = { ...now, [field]: field === 'kind' ? 'OTHER' : 77 };
      expect(Object.keys(compareRevisions(at([now]), at([changed])).items.changed[0].changes)).toContain(field);
    }
    const { kind: _kind, hoursPerUnit: _hours, laborHours: _labor, planMeasure: _measure, ...older } = now;
    expect(compareRevisions(at([older]), at([now])).items.changed).toEqual([]);
  });
});

describe('a snow price sheet between revisions (issue 41)', () => {
  const sheet = (price: number): SnowPricing => ({
    expectedEvents: 10,
    expectedInches: 40,
    lines: [{ service: 'salt', basis: 'perApplication', per: 'application', price }],
  });
  it('is a change of the area when both revisions hold one, and applying the comparison restores it', () => {
    const before = snapshot([area({ id: 1, name: 'Lot', items: [], snowPricing: sheet(85) })]);
    const after = snapshot([area({ id: 1, name: 'Lot', items: [], snowPricing: sheet(95) })]);
    const comparison = compareRevisions(before, after);
    expect(comparison.areas.changed).toEqual([{ id: 1, name: 'Lot', changes: { snowPricing: { from: sheet(85), to: sheet(95) } } }]);
    expect(applyComparison(before, comparison)).toEqual(after);
    const priced = snapshot([area({ id: 1, name: 'Lot', items: [], snowPricing: null })]);
    expect(compareRevisions(priced, after).areas.changed[0].changes.snowPricing).toEqual({ from: null, to: sheet(95) });
  });

  it('is no change against a revision frozen before sheets existed', () => {
    const old = snapshot([area({ id: 1, name: 'Lot', items: [] })]);
    const now = snapshot([area({ id: 1, name: 'Lot', items: [], snowPricing: null })]);
    expect(compareRevisions(old, now).areas.changed).toEqual([]);
  });
});
