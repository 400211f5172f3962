/**
 * Issue 41: what a site's past winters say (GET /api/sites/:id/snowHistory) — the average
 * season an estimate may expect, and the salt spread per 1,000 ft² per event against the
 * company's salt rate.
 */
import { exactOrZero, roundExact, sum, toNumber } from './decimal';
import { costByBasis, type SnowStormFacts } from './snowCharges';
import { type SnowBasis, type SnowPricing } from './snowPricing';

export interface SnowHistorySeason {
  /** The year the winter starts (snowSeasonLabel names it). */
  season: number;
  storms: SnowStormFacts[];
  events: number;
  inches: number;
  saltPounds: number;
}

export interface SnowHistory {
  /** The site's paved area, ft² (null: not set). */
  pavedArea: number | null;
  /** The company's salt rate, lb per 1,000 ft² per event (null: not set). */
  saltRate: number | null;
  /** Past seasons only, oldest first. */
  seasons: SnowHistorySeason[];
}

const round = (value: number, places: number) => toNumber(roundExact(exactOrZero(value), places));

/** The average past season: whole events, inches to a tenth; null without a past winter. */
export function averageSeason(seasons: readonly SnowHistorySeason[]): { events: number; inches: number } | null {
  if (!seasons.length) return null;
  const events = seasons.reduce((total, season) => total + season.events, 0) / seasons.length;
  const inches = seasons.reduce((total, season) => total + season.inches, 0) / seasons.length;
  return { events: Math.round(events), inches: round(inches, 1) };
}

/** Pounds of salt per 1,000 ft² per event in a season (one decimal); null when it cannot be said (no events, no paved area). */
export function saltPerThousandPerEvent(season: Pick<SnowHistorySeason, 'events' | 'saltPounds'>, pavedArea: number | null): number | null {
  if (!season.events || !pavedArea || pavedArea <= 0) return null;
  return round(season.saltPounds / season.events / (pavedArea / 1000), 1);
}

/** Whether a season's salt per 1,000 ft² per event is above the company's rate (never when either is unknown). */
export const saltAboveRate = (perThousand: number | null, saltRate: number | null): boolean =>
  perThousand !== null && saltRate !== null && saltRate !== undefined && perThousand > Number(saltRate);

/** What a sheet would have cost in a past season: by basis (the sheet's bases, in its order) and in all. */
export function pastSeasonCost(
  sheet: SnowPricing,
  storms: readonly SnowStormFacts[],
): { byBasis: Partial<Record<SnowBasis, number>>; total: number } {
  const byBasis = costByBasis(sheet, storms);
  const total = toNumber(roundExact(sum(Object.values(byBasis).map((amount) => exactOrZero(amount))), 2));
  return { byBasis, total };
}

/** The bases a sheet prices by, each once, in the order of its lines. */
export const sheetBases = (sheet: SnowPricing): SnowBasis[] => [...new Set(sheet.lines.map((line) => line.basis))];
