/**
 * Snow price sheets (issue 41): how a snow work area is priced the trade's way — a season price
 * with a cap and overage, per push by the depth on the ground, de-icing per application or by
 * the material used, per inch of accumulation, and equipment by the hour. One sheet per work
 * area (`snowPricing`), frozen with the signed revision and carried by the agreement's
 * `perEvent` line. This module: the sheet's shape, its checks and the winters; what storms cost
 * under it is ./snowCharges.ts, its plain words ./snowWords.ts.
 */
import { isRecord, type Parsed } from './parsed';
import { exactOrZero, roundExact, toNumber } from './decimal';

export const SNOW_SERVICES = ['plow', 'salt', 'walks', 'other'] as const;
export type SnowService = (typeof SNOW_SERVICES)[number];
export const SNOW_BASES = ['seasonal', 'perPush', 'perApplication', 'perInch', 'hourly'] as const;
export type SnowBasis = (typeof SNOW_BASES)[number];
/** What a `perApplication` line is priced by: each application, each ton or each 50 lb bag used. */
export const SNOW_APPLICATION_UNITS = ['application', 'ton', 'bag'] as const;
export type SnowApplicationUnit = (typeof SNOW_APPLICATION_UNITS)[number];
/** The units a crew logs material in. */
export const SNOW_MATERIAL_UNITS = ['ton', 'bag', 'lb'] as const;
export type SnowMaterialUnit = (typeof SNOW_MATERIAL_UNITS)[number];
/** Pounds in one of each unit: a bag of de-icer is 50 lb, a (short) ton 2,000 lb. */
export const POUNDS_PER: Record<SnowMaterialUnit, number> = { ton: 2000, bag: 50, lb: 1 };

export const SNOW_SERVICE_LABELS: Record<SnowService, string> = {
  plow: 'Plowing',
  salt: 'De-icing',
  walks: 'Walks',
  other: 'Other snow work',
};
export const SNOW_BASIS_LABELS: Record<SnowBasis, string> = {
  seasonal: 'Seasonal',
  perPush: 'Per push',
  perApplication: 'Per application',
  perInch: 'Per inch',
  hourly: 'Hourly',
};

export interface SnowBand {
  /** Inches, inclusive. */
  from: number;
  /** Inches, exclusive; null: no upper end. */
  to: number | null;
  price: number;
}

export interface SnowRate {
  equipment: string;
  hourly: number;
}

export interface SnowLine {
  service: SnowService;
  basis: SnowBasis;
  /** seasonal: the season's price; perApplication: per application, ton or bag; perInch: per inch. */
  price?: number;
  /** seasonal: what the season price covers (events or inches); beyond it, `overage` per event or per inch. */
  cap?: { events?: number; inches?: number };
  overage?: number;
  /** Inches on the ground below which nothing is billed (nor counted against a cap). */
  trigger?: number;
  /** perPush: the price of a push by depth, covering 0 to unbounded. */
  bands?: SnowBand[];
  /** perApplication: what `price` is per (default application). */
  per?: SnowApplicationUnit;
  /** hourly: equipment and labour rates, each billed for the hours on site. */
  rates?: SnowRate[];
  /** For the expected season only: tons or bags used per event (perApplication by ton or bag), hours per event (hourly). Default 1. */
  expectedPerEvent?: number;
}

export interface SnowPricing {
  /** Events (storms serviced) in an expected season: the estimate's figure is that season's cost. */
  expectedEvents: number;
  /** Total inches in an expected season. */
  expectedInches: number;
  lines: SnowLine[];
}

const MAX_LINES = 20;
const MAX_BANDS = 20;
const MAX_RATES = 10;
const MAX_PRICE = 999_999.99;
const MAX_INCHES = 1000;
/** Events in a season a sheet can expect or cap at. */
export const MAX_EVENTS = 200;

export const snowMessages = {
  notASheet: 'Snow pricing must be an object with expectedEvents, expectedInches and lines.',
  expectedEvents: `Snow pricing: expected events must be a whole number from 0 to ${MAX_EVENTS}.`,
  expectedInches: `Snow pricing: expected inches must be a number from 0 to ${MAX_INCHES}.`,
  lines: `Snow pricing: lines must be a list of 1 to ${MAX_LINES} lines.`,
} as const;

const inches = (value: number) => `${value} in`;

/** "Line 2 (salt, per application)": how a message names a line. */
export function snowLineName(line: { service?: unknown; basis?: unknown }, index: number): string {
  const service = typeof line.service === 'string' && Object.hasOwn(SNOW_SERVICE_LABELS, line.service) ? line.service : '?';
  const basis =
    typeof line.basis === 'string' && Object.hasOwn(SNOW_BASIS_LABELS, line.basis)
      ? SNOW_BASIS_LABELS[line.basis as SnowBasis].toLowerCase()
      : '?';
  return `Line ${index + 1} (${service}, ${basis})`;
}

/** Why a sheet's depth bands do not price every depth (null when they do): sorted by `from`, from 0, no gap, no overlap, unbounded at the end. */
export function bandsError(bands: readonly SnowBand[]): string | null {
  if (!bands.length) return 'give at least one depth band.';
  const sorted = [...bands].sort((a, b) => a.from - b.from);
  if (sorted[0].from > 0) return `no band covers 0 to ${inches(sorted[0].from)}.`;
  for (let index = 0; index < sorted.length; index += 1) {
    const band = sorted[index];
    if (band.to !== null && band.to <= band.from) return `the band from ${inches(band.from)} must end above where it starts.`;
    const next = sorted[index + 1];
    if (!next) break;
    if (band.to === null || band.to > next.from) {
      const overlapEnd =
        band.to === null
          ? next.to === null
            ? `${inches(next.from)} and over`
            : inches(next.to)
          : inches(Math.min(band.to, next.to ?? band.to));
      return `the bands from ${inches(band.from)} and from ${inches(next.from)} overlap (${inches(next.from)} to ${overlapEnd}).`;
    }
    if (band.to < next.from) return `no band covers ${inches(band.to)} to ${inches(next.from)}.`;
  }
  const last = sorted[sorted.length - 1];
  if (last.to !== null) return `no band covers ${inches(last.to)} and over: leave the last band's end empty.`;
  return null;
}

function number(value: unknown, { min = 0, max, whole = false }: { min?: number; max: number; whole?: boolean }): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < min || n > max) return null;
  if (whole && !Number.isInteger(n)) return null;
  return toNumber(roundExact(exactOrZero(n), 2));
}

function parseLine(raw: unknown, index: number): Parsed<SnowLine> {
  const fail = (problem: string) => ({ error: `Snow pricing: ${snowLineName(isRecord(raw) ? raw : {}, index)}: ${problem}` });
  if (!isRecord(raw)) return fail('must be an object.');
  if (!(SNOW_SERVICES as readonly unknown[]).includes(raw.service)) return fail(`service must be one of: ${SNOW_SERVICES.join(', ')}.`);
  if (!(SNOW_BASES as readonly unknown[]).includes(raw.basis)) return fail(`basis must be one of: ${SNOW_BASES.join(', ')}.`);
  const line: SnowLine = { service: raw.service as SnowService, basis: raw.basis as SnowBasis };
  const price = (what: string, value: unknown) => {
    const n = number(value, { max: MAX_PRICE });
    return n === null ? `${what} must be an amount from 0 to ${MAX_PRICE.toLocaleString('en-US')}.` : n;
  };
  if (raw.trigger !== undefined && raw.trigger !== null) {
    const trigger = number(raw.trigger, { max: 100 });
    if (trigger === null) return fail('the trigger depth must be a number of inches from 0 to 100.');
    line.trigger = trigger;
  }
  if (raw.expectedPerEvent !== undefined && raw.expectedPerEvent !== null) {
    const expected = number(raw.expectedPerEvent, { max: 10_000 });
    if (expected === null) return fail('the expected quantity per event must be a number from 0 to 10,000.');
    line.expectedPerEvent = expected;
  }
  switch (line.basis) {
    case 'seasonal': {
      const season = price('the season price', raw.price);
      if (typeof season === 'string') return fail(season);
      line.price = season;
      if (raw.cap !== undefined && raw.cap !== null) {
        if (!isRecord(raw.cap)) return fail('the cap must be { events } or { inches }.');
        const hasEvents = raw.cap.events !== undefined && raw.cap.events !== null;
        const hasInches = raw.cap.inches !== undefined && raw.cap.inches !== null;
        if (hasEvents === hasInches) return fail('the cap is in events or in inches (one of them).');
        if (hasEvents) {
          const events = number(raw.cap.events, { min: 1, max: MAX_EVENTS, whole: true });
          if (events === null) return fail(`the cap in events must be a whole number from 1 to ${MAX_EVENTS}.`);
          line.cap = { events };
        } else {
          const capInches = number(raw.cap.inches, { min: 0.01, max: MAX_INCHES });
          if (capInches === null) return fail(`the cap in inches must be a number above 0, at most ${MAX_INCHES}.`);
          line.cap = { inches: capInches };
        }
      }
      if (raw.overage !== undefined && raw.overage !== null) {
        if (!line.cap) return fail('an overage needs a cap to start after.');
        const overage = price('the overage', raw.overage);
        if (typeof overage === 'string') return fail(overage);
        line.overage = overage;
      }
      return { value: line };
    }
    case 'perPush': {
      if (!Array.isArray(raw.bands) || raw.bands.length === 0 || raw.bands.length > MAX_BANDS) {
        return fail(`give 1 to ${MAX_BANDS} depth bands, each { from, to, price } in inches.`);
      }
      const bands: SnowBand[] = [];
      for (const [bandIndex, band] of raw.bands.entries()) {
        const name = `band ${bandIndex + 1}`;
        if (!isRecord(band)) return fail(`${name} must be { from, to, price }.`);
        const from = number(band.from, { max: MAX_INCHES });
        if (from === null) return fail(`${name} must start at a depth from 0 to ${MAX_INCHES} inches.`);
        const to = band.to === null || band.to === undefined || band.to === '' ? null : number(band.to, { max: MAX_INCHES });
        if (to === null && band.to !== null && band.to !== undefined && band.to !== '')
          return fail(`${name} must end at a depth of at most ${MAX_INCHES} inches, or be left open.`);
        const bandPrice = price(`${name}'s price`, band.price);
        if (typeof bandPrice === 'string') return fail(bandPrice);
        bands.push({ from, to, price: bandPrice });
      }
      const problem = bandsError(bands);
      if (problem) return fail(problem);
      line.bands = bands.sort((a, b) => a.from - b.from);
      return { value: line };
    }
    case 'perApplication': {
      const per = raw.per === undefined || raw.per === null ? 'application' : raw.per;
      if (!(SNOW_APPLICATION_UNITS as readonly unknown[]).includes(per))
        return fail(`it is priced per ${SNOW_APPLICATION_UNITS.join(', per ')}.`);
      line.per = per as SnowApplicationUnit;
      const each = price('the price', raw.price);
      if (typeof each === 'string') return fail(each);
      line.price = each;
      return { value: line };
    }
    case 'perInch': {
      const each = price('the price per inch', raw.price);
      if (typeof each === 'string') return fail(each);
      line.price = each;
      return { value: line };
    }
    case 'hourly': {
      if (!Array.isArray(raw.rates) || raw.rates.length === 0 || raw.rates.length > MAX_RATES) {
        return fail(`give 1 to ${MAX_RATES} rates, each { equipment, hourly }.`);
      }
      const rates: SnowRate[] = [];
      for (const [rateIndex, rate] of raw.rates.entries()) {
        const name = `rate ${rateIndex + 1}`;
        if (
          !isRecord(rate) ||
          typeof rate.equipment !== 'string' ||
          !rate.equipment.trim() ||
          rate.equipment.length > 60 ||
          rate.equipment.includes('\u0000')
        ) {
          return fail(`${name} must name its equipment (at most 60 characters).`);
        }
        const hourly = price(`${name}'s hourly price`, rate.hourly);
        if (typeof hourly === 'string') return fail(hourly);
        rates.push({ equipment: rate.equipment.trim(), hourly });
      }
      line.rates = rates;
      return { value: line };
    }
  }
}

/**
 * A work area's `snowPricing` as stored (numbers rounded, unknown keys dropped), or the first
 * problem naming its line. Null and an empty object mean "not priced as snow".
 */
export function parseSnowPricing(raw: unknown): Parsed<SnowPricing | null> {
  if (raw === null || raw === undefined) return { value: null };
  if (!isRecord(raw)) return { error: snowMessages.notASheet };
  const expectedEvents = number(raw.expectedEvents ?? 0, { max: MAX_EVENTS, whole: true });
  if (expectedEvents === null) return { error: snowMessages.expectedEvents };
  const expectedInches = number(raw.expectedInches ?? 0, { max: MAX_INCHES });
  if (expectedInches === null) return { error: snowMessages.expectedInches };
  if (!Array.isArray(raw.lines) || raw.lines.length > MAX_LINES) return { error: snowMessages.lines };
  if (raw.lines.length === 0) return { value: null };
  const lines: SnowLine[] = [];
  for (const [index, line] of raw.lines.entries()) {
    const parsed = parseLine(line, index);
    if ('error' in parsed) return parsed;
    lines.push(parsed.value);
  }
  return { value: { expectedEvents, expectedInches, lines } };
}

/** A sheet that prices something. */
export const isSnowSheet = (value: unknown): value is SnowPricing =>
  isRecord(value) && Array.isArray(value.lines) && value.lines.length > 0;

/** A season named by the year it starts (2026: the winter 2026–27), from an office date. Snow from July on belongs to the winter ahead. */
export function snowSeasonOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 7 ? year : year - 1;
}

export const snowSeasonLabel = (season: number) => `${season}–${String((season + 1) % 100).padStart(2, '0')}`;
