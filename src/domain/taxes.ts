/** Work area taxes (SPEC §3 WorkArea.tax, §9 "Tax rates"), as fractions. */
export const TAX_RATES = {
  NJ: 0.06625,
  PA: 0.06,
  Phila: 0.08,
  DE: 0,
  EXEMPT: 0,
} as const;

export type TaxCode = keyof typeof TAX_RATES;

export const TAX_CODES = Object.keys(TAX_RATES) as TaxCode[];

/** A new work area, and the template generator, default to NJ (SPEC §9 "Defaults"). */
export const DEFAULT_TAX: TaxCode = 'NJ';

export function isTaxCode(value: unknown): value is TaxCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(TAX_RATES, value);
}

/** The rate of a tax code; an unknown code taxes nothing. */
export function taxRate(tax: unknown): number {
  return isTaxCode(tax) ? TAX_RATES[tax] : 0;
}

/** "6.625%" as the tax select shows it. */
export function taxRateLabel(tax: TaxCode): string {
  return `${tax} (${Number((TAX_RATES[tax] * 100).toFixed(3))}%)`;
}
