/**
 * A storm's snow log as the API answers it (issue 41): each visit a crew logs at a site, kept
 * append-only and hash-chained per site and season. A correction is an entry of its own that
 * names the one it corrects; the corrected entry then names it back (`correctedBy`).
 */
import { format } from 'date-fns';
import { SNOW_SERVICE_LABELS, type SnowMaterialUnit, type SnowService } from '../../domain/snowPricing';

export interface SnowMaterial {
  kind: string;
  quantity: number;
  unit: SnowMaterialUnit;
}

export interface SnowVisit {
  id: number;
  stormID: number;
  siteID: number;
  siteName?: string;
  season: number;
  sequence: number;
  arrival: string;
  departure: string | null;
  services: string[];
  passes: number;
  material: SnowMaterial | null;
  depth: number | null;
  crew: string;
  notes: string;
  corrects: number | null;
  reason: string | null;
  recordedAt: string;
  recordedByName: string;
  prevHash: string;
  hash: string;
  correctedBy: number | null;
}

/** What POST /api/storms/:id/visits takes. */
export interface SnowVisitBody {
  siteID: number;
  arrival: string;
  departure?: string | null;
  services: SnowService[];
  passes?: number;
  material?: SnowMaterial | null;
  depth?: number | null;
  crew?: string;
  notes?: string;
  corrects?: number;
  reason?: string;
}

/** The query names the snow screens cache under: a logged visit makes each stale. */
export { SITE_SNOW_LOG_QUERY, STORM_BOARD_QUERY, STORM_CLOSE_OUT_QUERY } from '../../schema/actions/snow';

/** A service's short name, for a button or a list: Plow, Salt, Walks, Other. */
export const SNOW_SERVICE_SHORT: Record<SnowService, string> = { plow: 'Plow', salt: 'Salt', walks: 'Walks', other: 'Other' };

export const serviceLabel = (service: string) => SNOW_SERVICE_LABELS[service as SnowService] ?? service;

export const servicesText = (services: readonly string[]) => services.map(serviceLabel).join(', ');

const time = (iso: string) => format(new Date(iso), 'h:mm a');

/** '6:10 AM – 6:55 AM', the arrival's day first when asked ('1/5/2027 6:10 AM – 6:55 AM'). */
export function visitTimes(visit: Pick<SnowVisit, 'arrival' | 'departure'>, withDay = false): string {
  const arrival = withDay ? format(new Date(visit.arrival), 'M/d/yyyy h:mm a') : time(visit.arrival);
  return visit.departure ? `${arrival} – ${time(visit.departure)}` : `${arrival} – still on site`;
}

export const materialText = (material: SnowMaterial | null) =>
  material ? `${material.quantity} ${material.unit}${material.quantity === 1 ? '' : 's'}${material.kind ? ` ${material.kind}` : ''}` : '';

export const depthText = (depth: number | null) => (depth === null ? '' : `${depth} in`);

export const passesText = (passes: number) => `${passes} pass${passes === 1 ? '' : 'es'}`;

/** The start of a hash, enough to compare by eye. */
export const shortHash = (hash: string | null) => (hash ? hash.slice(0, 10) : '');
