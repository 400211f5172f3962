/**
 * Snow price sheets (issue 41): how a snow work area is priced the trade's way — a season price
 * with a cap and overage, per push by the depth on the ground, de-icing per application or by
 * the material used, per inch of accumulation, and equipment by the hour — and what a storm
 * costs under it. One sheet per work area (`snowPricing`), frozen with the signed revision and
 * carried by the agreement's `perEvent` line. Money is exact (./decimal.ts).
 */
import { exactOrZero, mul, roundExact, sum, toNumber } from './decimal';

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
const MAX_EVENTS = 200;

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

type Parsed<T> = { value: T } | { error: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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

// ——— Pricing storms ———

export interface SnowVisitFacts {
  id: number;
  services: readonly SnowService[];
  /** Pushes (plowing), applications (de-icing), passes (walks): at least 1 counts. */
  passes: number;
  /** Inches on site as logged (null: the storm's depth). */
  depth: number | null;
  /** Hours on site (departure − arrival), 0 when not known. */
  hours: number;
  material: { quantity: number; unit: SnowMaterialUnit } | null;
}

export interface SnowStormFacts {
  id: number;
  /** The office's day it started: the billing date. */
  date: string;
  /** Total depth of the storm, inches. */
  depth: number;
  /** The visits at the site that stand (corrected entries replaced by their corrections). */
  visits: readonly SnowVisitFacts[];
}

export interface SnowCharge {
  stormID: number;
  /** Index of the sheet's line. */
  lineIndex: number;
  /** Distinguishes several charges of one line in one storm (a push per visit, a rate per hourly line). */
  part: string;
  description: string;
  quantity: number;
  rate: number;
  amount: number;
  visitIDs: number[];
}

const money = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const amountOf = (quantity: number, rate: number) => toNumber(roundExact(mul(exactOrZero(quantity), exactOrZero(rate)), 2));
const round2 = (value: number) => toNumber(roundExact(exactOrZero(value), 2));

/** The band a depth falls in (bands cover every depth once parsed). */
export function bandFor(bands: readonly SnowBand[], depth: number): SnowBand | undefined {
  return bands.find((band) => depth >= band.from && (band.to === null || depth < band.to));
}

/** "2–4 in", "8 in and over". */
export const bandLabel = (band: SnowBand) => (band.to === null ? `${band.from} in and over` : `${band.from}–${band.to} in`);

/** A material quantity in a unit priced per ton or per bag. */
export function materialIn(material: { quantity: number; unit: SnowMaterialUnit }, unit: 'ton' | 'bag'): number {
  return round2((material.quantity * POUNDS_PER[material.unit]) / POUNDS_PER[unit]);
}

/** The depth a storm left at a site: the deepest logged on site, else the storm's. */
export function siteDepth(storm: SnowStormFacts, visits: readonly SnowVisitFacts[] = storm.visits): number {
  const logged = visits.map((visit) => visit.depth).filter((depth): depth is number => depth !== null);
  return logged.length ? Math.max(...logged) : storm.depth;
}

/** Per seasonal line: events and inches counted so far this season. */
type CapUse = Map<number, { events: number; inches: number }>;

function lineCharges(line: SnowLine, lineIndex: number, storm: SnowStormFacts, used: CapUse): SnowCharge[] {
  const visits = storm.visits.filter((visit) => visit.services.includes(line.service));
  if (!visits.length) return [];
  const depth = siteDepth(storm, visits);
  if (line.trigger !== undefined && depth < line.trigger) return [];
  const label = SNOW_SERVICE_LABELS[line.service];
  const charge = (
    part: string,
    description: string,
    quantity: number,
    rate: number,
    ids = visits.map((visit) => visit.id),
  ): SnowCharge => ({
    stormID: storm.id,
    lineIndex,
    part,
    description,
    quantity: round2(quantity),
    rate,
    amount: amountOf(round2(quantity), rate),
    visitIDs: ids,
  });
  const passes = (visit: SnowVisitFacts) => Math.max(1, visit.passes);
  switch (line.basis) {
    case 'seasonal': {
      const before = used.get(lineIndex) ?? { events: 0, inches: 0 };
      const after = { events: before.events + 1, inches: round2(before.inches + depth) };
      used.set(lineIndex, after);
      if (!line.cap || line.overage === undefined) return [];
      if (line.cap.events !== undefined) {
        return after.events > line.cap.events
          ? [charge('overage', `${label} — event ${after.events}, beyond the ${line.cap.events}-event cap`, 1, line.overage)]
          : [];
      }
      const cap = line.cap.inches ?? 0;
      const over = round2(after.inches - Math.max(cap, before.inches));
      return over > 0 ? [charge('overage', `${label} — ${over} in beyond the ${cap} in cap`, over, line.overage)] : [];
    }
    case 'perPush':
      return visits.flatMap((visit) => {
        const visitDepth = visit.depth ?? depth;
        if (line.trigger !== undefined && visitDepth < line.trigger) return [];
        const band = bandFor(line.bands ?? [], visitDepth);
        if (!band || band.price === 0) return [];
        const pushes = passes(visit);
        return [
          charge(
            `push-${visit.id}`,
            `${label} — ${pushes} push${pushes === 1 ? '' : 'es'} at ${visitDepth} in (${bandLabel(band)})`,
            pushes,
            band.price,
            [visit.id],
          ),
        ];
      });
    case 'perApplication': {
      const per = line.per ?? 'application';
      if (per === 'application') {
        const applications = visits.reduce((total, visit) => total + passes(visit), 0);
        return [
          charge('applications', `${label} — ${applications} application${applications === 1 ? '' : 's'}`, applications, line.price ?? 0),
        ];
      }
      const used = round2(visits.reduce((total, visit) => total + (visit.material ? materialIn(visit.material, per) : 0), 0));
      if (used === 0) return [];
      return [
        charge(
          'material',
          `${label} — ${used} ${per === 'ton' ? 'ton' : '50 lb bag'}${used === 1 ? '' : 's'} of material`,
          used,
          line.price ?? 0,
        ),
      ];
    }
    case 'perInch':
      return [charge('inches', `${label} — ${depth} in of snow`, depth, line.price ?? 0)];
    case 'hourly': {
      const hours = round2(visits.reduce((total, visit) => total + visit.hours, 0));
      if (hours === 0) return [];
      return (line.rates ?? []).map((rate, rateIndex) =>
        charge(`rate-${rateIndex}`, `${label} — ${rate.equipment}, ${hours} h`, hours, rate.hourly),
      );
    }
  }
}

/**
 * What each storm of a season costs at a site under a sheet, storm by storm in order of their
 * dates: caps count across the season (an inch cap may be crossed within a storm, and only the
 * inches beyond it are overage). The season price itself is billed in installments, not here.
 */
export function seasonCharges(sheet: SnowPricing, storms: readonly SnowStormFacts[]): SnowCharge[] {
  const used: CapUse = new Map();
  const ordered = [...storms].sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
  return ordered.flatMap((storm) => sheet.lines.flatMap((line, index) => lineCharges(line, index, storm, used)));
}

/** The season prices of a sheet's seasonal lines (billed in installments over the agreement's term). */
export function seasonalPrice(sheet: SnowPricing): number {
  return toNumber(roundExact(sum(sheet.lines.filter((line) => line.basis === 'seasonal').map((line) => exactOrZero(line.price ?? 0))), 2));
}

/** An expected season as storms: `expectedEvents` alike storms sharing the expected inches, one visit each. */
function expectedStorms(sheet: SnowPricing): SnowStormFacts[] {
  const events = sheet.expectedEvents;
  if (events <= 0) return [];
  const depth = round2(sheet.expectedInches / events);
  return Array.from({ length: events }, (_, index) => ({
    id: index + 1,
    date: '2000-01-01',
    depth,
    visits: [],
  }));
}

/**
 * The estimate's figure for a snow area: the cost of an expected season (expectedEvents storms
 * of expectedInches between them, each serviced once by every line's service, material and
 * hours as each line expects per event) plus the season prices.
 */
export function expectedSeasonTotal(sheet: SnowPricing): number {
  const storms = expectedStorms(sheet).map((storm) => ({
    ...storm,
    visits: sheet.lines.map((line, index) => ({
      id: index + 1,
      services: [line.service],
      passes: 1,
      depth: null,
      hours: line.basis === 'hourly' ? (line.expectedPerEvent ?? 1) : 0,
      material:
        line.basis === 'perApplication' && line.per && line.per !== 'application'
          ? { quantity: line.expectedPerEvent ?? 1, unit: line.per }
          : null,
    })),
  }));
  // Each expected visit serves its own line only, so a combined sheet is not counted twice.
  const charges = storms.flatMap((storm) =>
    sheet.lines.flatMap((_, index) => seasonChargesOfLine(sheet, index, { ...storm, visits: [storm.visits[index]] })),
  );
  const overage = seasonalOverage(sheet, storms);
  return toNumber(
    roundExact(sum([exactOrZero(seasonalPrice(sheet)), ...charges.map((charge) => exactOrZero(charge.amount)), exactOrZero(overage)]), 2),
  );
}

function seasonChargesOfLine(sheet: SnowPricing, lineIndex: number, storm: SnowStormFacts): SnowCharge[] {
  const line = sheet.lines[lineIndex];
  return line.basis === 'seasonal' ? [] : lineCharges(line, lineIndex, storm, new Map());
}

function seasonalOverage(sheet: SnowPricing, storms: readonly SnowStormFacts[]): number {
  const seasonalOnly: SnowPricing = { ...sheet, lines: sheet.lines.filter((line) => line.basis === 'seasonal') };
  const charges = seasonCharges(
    seasonalOnly,
    storms.map((storm) => ({
      ...storm,
      visits: [{ id: 1, services: [...SNOW_SERVICES], passes: 1, depth: null, hours: 0, material: null }],
    })),
  );
  return toNumber(roundExact(sum(charges.map((charge) => exactOrZero(charge.amount))), 2));
}

/** A season's cost by basis (what a client would have paid): each basis's charges, seasonal with its price. */
export function costByBasis(sheet: SnowPricing, storms: readonly SnowStormFacts[]): Partial<Record<SnowBasis, number>> {
  const charges = seasonCharges(sheet, storms);
  const totals: Partial<Record<SnowBasis, number>> = {};
  sheet.lines.forEach((line, index) => {
    const own = charges.filter((charge) => charge.lineIndex === index).map((charge) => exactOrZero(charge.amount));
    const base = line.basis === 'seasonal' ? [exactOrZero(line.price ?? 0)] : [];
    totals[line.basis] = toNumber(roundExact(sum([exactOrZero(totals[line.basis] ?? 0), ...base, ...own]), 2));
  });
  return totals;
}

// ——— In plain words ———

function lineWords(line: SnowLine): string {
  const label = SNOW_SERVICE_LABELS[line.service];
  const trigger =
    line.trigger !== undefined && line.trigger > 0 ? ` Nothing is billed for less than ${line.trigger} in on the ground.` : '';
  switch (line.basis) {
    case 'seasonal': {
      let cap = ', however many storms come.';
      if (line.cap?.events !== undefined) cap = `, covering up to ${line.cap.events} events`;
      if (line.cap?.inches !== undefined) cap = `, covering up to ${line.cap.inches} in of snow in total`;
      const overage =
        line.cap && line.overage !== undefined
          ? `; after that, ${money(line.overage)} per ${line.cap.events !== undefined ? 'event' : 'inch'}.`
          : line.cap
            ? '; beyond that, nothing more.'
            : '';
      return `${label}: ${money(line.price ?? 0)} for the season${cap}${overage}${trigger}`;
    }
    case 'perPush': {
      const bands = (line.bands ?? []).map(
        (band) => `${bandLabel(band)}: ${band.price === 0 ? 'no charge' : `${money(band.price)} per push`}`,
      );
      return `${label}, per push by the depth on the ground — ${bands.join('; ')}.${trigger}`;
    }
    case 'perApplication': {
      const per = line.per === 'ton' ? 'ton of material used' : line.per === 'bag' ? '50 lb bag of material used' : 'application';
      return `${label}: ${money(line.price ?? 0)} per ${per}.${trigger}`;
    }
    case 'perInch':
      return `${label}: ${money(line.price ?? 0)} per inch of snow on the ground per storm.${trigger}`;
    case 'hourly':
      return `${label}, by the hour on site: ${(line.rates ?? []).map((rate) => `${rate.equipment} ${money(rate.hourly)}/h`).join(', ')}.${trigger}`;
  }
}

/** The sheet as the client will be billed, line by line, then what the estimate's figure stands for. */
export function snowPricingWords(sheet: SnowPricing): { lines: string[]; expected: string } {
  return {
    lines: sheet.lines.map(lineWords),
    expected: `Expected season (${sheet.expectedEvents} event${sheet.expectedEvents === 1 ? '' : 's'}, ${sheet.expectedInches} in of snow): ${money(expectedSeasonTotal(sheet))}. You are billed by the storms that come.`,
  };
}

/** A season named by the year it starts (2026: the winter 2026–27), from an office date. Snow from July on belongs to the winter ahead. */
export function snowSeasonOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 7 ? year : year - 1;
}

export const snowSeasonLabel = (season: number) => `${season}–${String((season + 1) % 100).padStart(2, '0')}`;

// ——— The SNOW template's areas ———

/** Inches in an average storm, for a starter sheet's expected season until the site's past winters say otherwise. */
export const STARTER_INCHES_PER_EVENT = 3;
/** Where pushes start, as the starter terms say ("triggers at 2" accumulation unless stated"). */
export const STARTER_TRIGGER = 2;

/** A starter area's service by the words of its name, first match in this order (a sidewalk area is walks though it mentions snow). */
const SERVICE_WORDS: [SnowService, RegExp][] = [
  ['walks', /\b(walks?|sidewalks?|shovel(l?ing)?|steps)\b/i],
  ['salt', /\b(salt|salting|de-?icing|ice|brine)\b/i],
  ['plow', /\b(plow|plowing|plowed|snow)\b/i],
];

/** Units that count events (a plowing item's 12 pushes). */
const EVENT_UNITS = /^(push|pushes|applications?|visits?|events?)$/i;

/** How many events an item counts: its quantity in pushes or applications, or its quantity over its size (600 ft walks × 12 = 7,200 ft). */
function eventsOf(item: StarterItem): number {
  const quantity = Number(item.quantity) || 0;
  if (typeof item.units === 'string' && EVENT_UNITS.test(item.units.trim())) return Math.round(quantity);
  const size = Number(item.size) || 0;
  return size > 0 && Number.isInteger(quantity / size) ? quantity / size : 0;
}

interface StarterItem {
  quantity: unknown;
  unitPrice: unknown;
  units?: unknown;
  size?: unknown;
}

/**
 * The sheet a SNOW template area starts with (issue 41): its service by its name, priced per
 * push (plowing, walks) or per application (salt) at its items' price per event, for the events
 * its items count, so that the expected season equals what its items add up to. The office then
 * sets depth bands, caps or a season price as the contract says. Null when its items count no event.
 */
export function starterSnowSheet(areaName: string, items: readonly StarterItem[]): SnowPricing | null {
  const events = Math.min(MAX_EVENTS, Math.max(0, ...items.map(eventsOf)));
  if (events < 1) return null;
  const service = SERVICE_WORDS.find(([, words]) => words.test(areaName))?.[0] ?? 'other';
  const total = sum(items.map((item) => mul(exactOrZero(item.quantity), exactOrZero(item.unitPrice))));
  const price = toNumber(roundExact(mul(total, { n: 1n, d: BigInt(events) }), 2));
  const line: SnowLine =
    service === 'salt'
      ? { service, basis: 'perApplication', per: 'application', price }
      : { service, basis: 'perPush', trigger: STARTER_TRIGGER, bands: [{ from: 0, to: null, price }] };
  return { expectedEvents: events, expectedInches: events * STARTER_INCHES_PER_EVENT, lines: [line] };
}
