import { describe, expect, it } from 'vitest';
import { namesFromResponse, suggestWorkAreaNames } from '../../../src/resources/estimates/workAreas/workAreaNameSuggestions';
import { sizeRuleText } from '../../../src/resources/estimates/items/sizeRuleText';
import { workAreaItemPayload } from '../../../src/resources/estimates/items/workAreaItemPayload';

describe('work area name suggestions', () => {
  it('reads a list of names or {values}, keeping distinct non-blank strings only', () => {
    expect(namesFromResponse(['Front Lawn', 'Back Lawn', 'Front Lawn'])).toEqual(['Front Lawn', 'Back Lawn']);
    expect(namesFromResponse({ values: ['Pool Area', '  ', null, 7, { name: 'x' }, 'Courtyard'] })).toEqual(['Pool Area', 'Courtyard']);
    for (const hostile of [null, undefined, 'Front Lawn', 42, { values: 'Front Lawn' }, {}]) expect(namesFromResponse(hostile)).toEqual([]);
  });

  it('matches anywhere, whatever the case, literally (no pattern characters), at most ten', () => {
    const names = [
      'Lawn Care (Rear)',
      'Front lawn',
      'LAWN',
      'Beds',
      'Lawn.Edge',
      'Lawnx',
      ...Array.from({ length: 12 }, (_, i) => `Lot ${i + 1}`),
    ];
    expect(suggestWorkAreaNames(names, 'lawn')).toEqual(['Lawn Care (Rear)', 'Front lawn', 'LAWN', 'Lawn.Edge', 'Lawnx']);
    expect(suggestWorkAreaNames(names, 'care (')).toEqual(['Lawn Care (Rear)']);
    expect(suggestWorkAreaNames(names, 'lawn.')).toEqual(['Lawn.Edge']);
    expect(suggestWorkAreaNames(names, '  BEDS ')).toEqual(['Beds']);
    expect(suggestWorkAreaNames(names, 'lot')).toHaveLength(10);
    expect(suggestWorkAreaNames(names, '')).toEqual(names.slice(0, 10));
    expect(suggestWorkAreaNames(names, '\u0000')).toEqual([]);
  });
});

describe('the rule named under the size', () => {
  it('names each type with the range it covers', () => {
    expect(sizeRuleText({ type: 'BETWEEN_EXCLUSIVE', rangeStart: 0.25, rangeEnd: 2, step: 0.25, secondaryPrice: 18 })).toBe(
      'Between (exclusive) 0.25–2',
    );
    expect(sizeRuleText({ type: 'LESS_THAN_OR_EQUAL', rangeEnd: 0.25 })).toBe('Up to Range End ≤ 0.25');
    expect(sizeRuleText({ type: 'GREATER_THAN', rangeStart: 2, step: 0, secondaryPrice: 95 })).toBe('Greater than ≥ 2 at $95.00 each');
    expect(sizeRuleText({ type: 'GREATER_THAN', rangeStart: 2, step: 1, secondaryPrice: 40 })).toBe('Greater than > 2');
    expect(sizeRuleText({ type: 'STATIC', step: 1000 })).toBe('Static (per step) 1000');
    expect(sizeRuleText({ type: 'MYSTERY' })).toBe('MYSTERY');
  });
});

describe('the item payload', () => {
  it('sends the fields of the spec with the previewed totals, the version when updating, and nothing else', () => {
    const values = {
      id: 31,
      workAreaID: 21,
      itemID: 3,
      name: 'Lawn mowing',
      size: 1,
      quantity: 2.5,
      units: 'visit',
      unitCost: 28,
      unitPrice: 32.25,
      totalCost: 1,
      totalPrice: 1,
      kind: 'LABOR',
      hoursPerUnit: 0.75,
      laborHours: 99,
      version: 4,
      createdAt: 'x',
      catalogNote: 'y',
    };
    expect(workAreaItemPayload(values)).toEqual({
      workAreaID: 21,
      itemID: 3,
      name: 'Lawn mowing',
      quantity: 2.5,
      units: 'visit',
      unitCost: 28,
      unitPrice: 32.25,
      totalCost: 70,
      totalPrice: 80.63,
      size: 1,
      // Issue 24: what the line is and its crew time; its crew hours are the server's.
      kind: 'LABOR',
      hoursPerUnit: 0.75,
      version: 4,
    });
    expect(workAreaItemPayload({ workAreaID: 21, name: 'Topsoil', quantity: null, unitCost: null, unitPrice: null })).toEqual({
      workAreaID: 21,
      itemID: null,
      name: 'Topsoil',
      quantity: null,
      units: null,
      unitCost: null,
      unitPrice: null,
      totalCost: 0,
      totalPrice: 0,
      hoursPerUnit: null,
      size: null,
    });
  });
});
