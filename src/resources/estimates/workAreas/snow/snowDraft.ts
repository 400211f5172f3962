import type { SnowApplicationUnit, SnowBasis, SnowPricing, SnowService } from '../../../../domain/snowPricing';

/** Where the Work Area Editor keeps the snow sheet as typed: the field the API stores it in. */
export const SNOW_SOURCE = 'snowPricing';

export type SnowCapUnit = 'none' | 'events' | 'inches';

type Amount = number | string | null | undefined;

/** One line as the editor holds it: every basis's inputs (the chosen basis's are sent), the cap as unit + amount. */
export interface SnowDraftLine {
  service: SnowService | null;
  basis: SnowBasis | null;
  price?: Amount;
  capUnit?: SnowCapUnit;
  capAmount?: Amount;
  overage?: Amount;
  trigger?: Amount;
  bands?: { from?: Amount; to?: Amount; price?: Amount }[];
  per?: SnowApplicationUnit | null;
  rates?: { equipment?: string | null; hourly?: Amount }[];
  expectedPerEvent?: Amount;
}

/** The editor's value of `snowPricing`: switched on or off, the expected season, the lines. */
export interface SnowDraft {
  enabled: boolean;
  expectedEvents: Amount;
  expectedInches: Amount;
  lines: SnowDraftLine[];
}

/** A line just added: plowing per push, from 0 in and over. */
export const newSnowLine = (): SnowDraftLine => ({
  service: 'plow',
  basis: 'perPush',
  capUnit: 'none',
  per: 'application',
  bands: [{ from: 0, to: null, price: null }],
  rates: [{ equipment: '', hourly: null }],
});

const isSheet = (value: unknown): value is SnowPricing =>
  typeof value === 'object' && value !== null && Array.isArray((value as SnowPricing).lines) && (value as SnowPricing).lines.length > 0;

/** A stored sheet (or none) as the editor holds it. */
export function snowDraftOf(stored: unknown): SnowDraft {
  if (!isSheet(stored)) return { enabled: false, expectedEvents: null, expectedInches: null, lines: [] };
  return {
    enabled: true,
    expectedEvents: stored.expectedEvents,
    expectedInches: stored.expectedInches,
    lines: stored.lines.map(({ cap, ...line }) => ({
      ...newSnowLine(),
      ...line,
      capUnit: cap?.events !== undefined ? 'events' : cap?.inches !== undefined ? 'inches' : 'none',
      capAmount: cap?.events ?? cap?.inches ?? null,
    })),
  };
}

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The keys given (blank amounts left out): an optional input left empty is not sent. */
function given(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => !blank(value)));
}

/** Only the inputs the line's basis reads (an earlier basis's inputs are hidden, not sent). */
function lineOf(line: SnowDraftLine): Record<string, unknown> {
  const common = { service: line.service, basis: line.basis, trigger: line.trigger };
  switch (line.basis) {
    case 'seasonal': {
      const capped = line.capUnit === 'events' || line.capUnit === 'inches';
      return given({
        ...common,
        price: line.price,
        cap: capped ? { [line.capUnit as string]: blank(line.capAmount) ? null : line.capAmount } : undefined,
        overage: capped ? line.overage : undefined,
      });
    }
    case 'perPush':
      return given({
        ...common,
        bands: (line.bands ?? []).map((band) => ({
          from: band?.from ?? null,
          to: blank(band?.to) ? null : band.to,
          price: band?.price ?? null,
        })),
      });
    case 'perApplication':
      return given({
        ...common,
        price: line.price,
        per: line.per ?? 'application',
        expectedPerEvent: line.per === 'ton' || line.per === 'bag' ? line.expectedPerEvent : undefined,
      });
    case 'perInch':
      return given({ ...common, price: line.price });
    case 'hourly':
      return given({
        ...common,
        rates: (line.rates ?? []).map((rate) => ({ equipment: rate?.equipment ?? '', hourly: rate?.hourly ?? null })),
        expectedPerEvent: line.expectedPerEvent,
      });
    default:
      return given(common);
  }
}

/**
 * The sheet the editor sends as `snowPricing` (parsed by the same src/domain/snowPricing.ts
 * on both sides): null when switched off or without lines.
 */
export function sheetOfDraft(draft: unknown): Record<string, unknown> | null {
  const value = draft as SnowDraft | null | undefined;
  if (!value?.enabled || !Array.isArray(value.lines) || value.lines.length === 0) return null;
  return {
    expectedEvents: blank(value.expectedEvents) ? 0 : value.expectedEvents,
    expectedInches: blank(value.expectedInches) ? 0 : value.expectedInches,
    lines: value.lines.map((line) => lineOf(line ?? { service: null, basis: null })),
  };
}
