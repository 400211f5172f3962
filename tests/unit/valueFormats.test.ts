import { describe, expect, it } from 'vitest';
import { choiceLabel, choiceLabelsOf, NOT_AVAILABLE } from '../../src/domain/choiceLabels';
import { ESTIMATE_STATUSES, statusLabel } from '../../src/domain/estimates';
import { estimatePricing } from '../../src/domain/pricing';
import { formatValue, shownValue, VALUE_FORMATS } from '../../src/domain/valueFormats';
import { customers, entityByName, estimates } from '../../src/schema';
import { CUSTOMER_TYPES } from '../../src/schema/customers';
import { exportColumns } from '../../src/schema/listExport';

describe('how a value reads', () => {
  it('choice labels come from the domain list; other values read N/A', () => {
    const labels = choiceLabelsOf(ESTIMATE_STATUSES);
    expect(labels).toEqual({ 0: 'In Progress', 1: 'Client Proposal Phase', 2: 'Contract Signed', 3: 'Estimate Lost' });
    expect(choiceLabel(labels, 2)).toBe('Contract Signed');
    for (const other of [9, -1, null, undefined, 'toString', '__proto__']) expect(choiceLabel(labels, other)).toBe(NOT_AVAILABLE);
    for (const { id, name } of ESTIMATE_STATUSES) expect(statusLabel(id)).toBe(name);
  });

  it('the estimates declare their status labels and number format; customers their types', () => {
    expect(estimates.field('status')!.choiceLabels).toEqual(choiceLabelsOf(ESTIMATE_STATUSES));
    expect(estimates.field('number')!.shownAs).toBe('estimateNumber');
    expect(customers.field('type')!.choiceLabels).toEqual({ 0: 'Lead', 1: 'Client' });
    expect(shownValue(customers.field('type')!, { type: CUSTOMER_TYPES[1].id })).toBe('Client');
  });

  it('estimateNumber reads the number and its revision', () => {
    expect(VALUE_FORMATS.estimateNumber.reads).toEqual(['number', 'revision']);
    expect(formatValue('estimateNumber', [1042, 2])).toBe('#1042-R2');
    expect(formatValue('estimateNumber', [1042, null])).toBe('#1042-R1');
    expect(shownValue(estimates.field('number')!, { number: 7, revision: 3 })).toBe('#7-R3');
  });

  it("estimateTaxes and estimateTotal are the Pricing card's, from the areas and the discount", () => {
    const areas = [
      { subtotal: '196.05', tax: 'NJ', isIncluded: true },
      { subtotal: '130.70', tax: 'Phila', isIncluded: true },
      { subtotal: '500.00', tax: 'NJ', isIncluded: false },
    ];
    const pricing = estimatePricing(areas, '12.50');
    expect(pricing.taxes).toBeGreaterThan(0);
    expect(formatValue('estimateTaxes', [areas, '12.50'])).toBe(pricing.taxes);
    expect(formatValue('estimateTotal', [areas, 12.5])).toBe(pricing.total);
    expect(formatValue('estimateTotal', [null, 0])).toBe(0);
  });

  it("every list's export carries its columns' labels and formats as data a worker thread can receive", () => {
    const columns = exportColumns(estimates);
    expect(columns.find((c) => c.source === 'status')!.choiceLabels).toEqual(choiceLabelsOf(ESTIMATE_STATUSES));
    expect(columns.find((c) => c.source === 'number')!.shownAs).toBe('estimateNumber');
    expect(columns.slice(-5).map((c) => c.label)).toEqual(['Site', 'Taxes', 'Total', 'Lost Reason', 'Lost Note']);
    for (const name of ['customers', 'sites', 'estimates', 'itemCatalog', 'termsConditions', 'services']) {
      const entity = entityByName(name);
      expect(structuredClone(exportColumns(entity))).toEqual(exportColumns(entity));
      for (const column of exportColumns(entity)) {
        const field = entity.field(column.source);
        if (field?.choiceLabels) expect(column.choiceLabels).toEqual(field.choiceLabels);
      }
    }
  });
});
