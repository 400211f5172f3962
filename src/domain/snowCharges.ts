/**
 * What storms cost under a snow price sheet (issue 41, ./snowPricing.ts): storm by storm over a
 * season with caps counted across it, the expected season an estimate shows, and a past season
 * by basis. Money is exact (./decimal.ts).
 */
import { exactOrZero, mul, roundExact, sum, toNumber } from './decimal';
import {
  POUNDS_PER,
  SNOW_SERVICE_LABELS,
  SNOW_SERVICES,
  type SnowBand,
  type SnowBasis,
  type SnowLine,
  type SnowMaterialUnit,
  type SnowPricing,
  type SnowService,
} from './snowPricing';

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
