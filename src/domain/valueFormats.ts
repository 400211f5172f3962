/**
 * How the office reads a stored value, as data: a field declares choice labels or the name of
 * a format here (src/schema/defineEntity.ts), and the list's cells (the SPA) and its export
 * (written on a worker thread, which receives only the name) read it through these functions,
 * so a screen and its export cannot disagree.
 */
import type { ChoiceLabels } from './choiceLabels';
import { choiceLabel } from './choiceLabels';
import { estimateLabel } from './estimates';
import { estimatePricing, type PricedArea } from './pricing';

const pricingOf = (areas: unknown, discount: unknown) => estimatePricing(Array.isArray(areas) ? (areas as PricedArea[]) : [], discount);

/**
 * The named formats: what each reads, in order (fields of the record, or `pricedAreas`, the
 * estimate's work areas as `{ subtotal, tax, isIncluded }`, which the server reads for the
 * export), and the value it shows.
 */
export const VALUE_FORMATS = {
  /** Issue 23: `#<number>-R<revision>`. */
  estimateNumber: { reads: ['number', 'revision'], show: (number: unknown, revision: unknown) => estimateLabel(number, revision) },
  /** The Pricing card's taxes. */
  estimateTaxes: { reads: ['pricedAreas', 'discount'], show: (areas: unknown, discount: unknown) => pricingOf(areas, discount).taxes },
  /** The Pricing card's total. */
  estimateTotal: { reads: ['pricedAreas', 'discount'], show: (areas: unknown, discount: unknown) => pricingOf(areas, discount).total },
} as const satisfies Record<string, { reads: readonly string[]; show: (...values: unknown[]) => string | number }>;

export type ValueFormatName = keyof typeof VALUE_FORMATS;

/** What a format shows, from the values of its reads in order. */
export function formatValue(name: ValueFormatName, values: readonly unknown[]): string | number {
  const format: { show: (...values: unknown[]) => string | number } = VALUE_FORMATS[name];
  return format.show(...values);
}

/** How a field reads: its labels or its format, if it declares one. */
export interface ValueReading {
  name: string;
  choiceLabels?: ChoiceLabels;
  shownAs?: ValueFormatName;
}

/** A record's value as the office reads it: a format, a choice's label, or the value itself. */
export function shownValue(field: ValueReading, record: Readonly<Record<string, unknown>>): unknown {
  if (field.shownAs)
    return formatValue(
      field.shownAs,
      VALUE_FORMATS[field.shownAs].reads.map((read) => record[read]),
    );
  if (field.choiceLabels) return choiceLabel(field.choiceLabels, record[field.name]);
  return record[field.name];
}
