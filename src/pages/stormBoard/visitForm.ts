/**
 * The snow visit form's values as typed (strings, as the inputs hold them) and the body they
 * make. The server checks the body (400 naming fields); the form checks only what a correction
 * needs before it can be sent at all: its reason.
 */
import { SNOW_SERVICES, type SnowMaterialUnit, type SnowService } from '../../domain/snowPricing';
import type { SnowVisit, SnowVisitBody } from '../../resources/storms/snowVisit';
import { instantOf, localDateTime, now } from '../../resources/storms/snowClock';

export interface VisitFormValues {
  arrival: string;
  departure: string;
  services: SnowService[];
  passes: string;
  materialKind: string;
  materialQuantity: string;
  materialUnit: SnowMaterialUnit;
  depth: string;
  crew: string;
  notes: string;
  reason: string;
}

export const REASON_REQUIRED = 'Reason is required for a correction.';

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

const knownServices = (services: readonly string[]) => SNOW_SERVICES.filter((service) => services.includes(service));

/** A new visit: arrived now, the service tapped ticked, one pass; the crew last used on this device. */
export function newVisitValues(service: SnowService, crew = ''): VisitFormValues {
  return {
    arrival: localDateTime(now()),
    departure: '',
    services: [service],
    passes: '1',
    materialKind: '',
    materialQuantity: '',
    materialUnit: 'bag',
    depth: '',
    crew,
    notes: '',
    reason: '',
  };
}

/** A correction of `visit`: its values, to change what was wrong, and a reason to give. */
export function correctionValues(visit: SnowVisit): VisitFormValues {
  return {
    arrival: localDateTime(new Date(visit.arrival)),
    departure: visit.departure ? localDateTime(new Date(visit.departure)) : '',
    services: knownServices(visit.services),
    passes: text(visit.passes),
    materialKind: visit.material?.kind ?? '',
    materialQuantity: text(visit.material?.quantity),
    materialUnit: visit.material?.unit ?? 'bag',
    depth: text(visit.depth),
    crew: visit.crew,
    notes: visit.notes,
    reason: '',
  };
}

const numberOf = (typed: string) => (typed.trim() === '' ? null : Number(typed));

/** The body of POST /api/storms/:id/visits for the site, as a correction of `corrects` when given. */
export function visitBody(siteID: number, values: VisitFormValues, corrects?: number): SnowVisitBody {
  const quantity = numberOf(values.materialQuantity);
  const material =
    quantity === null && !values.materialKind.trim()
      ? null
      : { kind: values.materialKind.trim(), quantity: quantity ?? 0, unit: values.materialUnit };
  return {
    siteID,
    arrival: instantOf(values.arrival),
    departure: values.departure ? instantOf(values.departure) : null,
    services: values.services,
    passes: numberOf(values.passes) ?? 1,
    material,
    depth: numberOf(values.depth),
    crew: values.crew.trim(),
    notes: values.notes.trim(),
    ...(corrects === undefined ? {} : { corrects, reason: values.reason.trim() }),
  };
}

/**
 * The server's refusal by the form's fields: `material.quantity` is the quantity's, `material`
 * the kind's; a message for no field here is the form's own (shown above the fields).
 */
export function fieldErrors(errors: Record<string, string> | undefined): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors ?? {})) {
    const field =
      key === 'material' || key === 'material.kind'
        ? 'materialKind'
        : key === 'material.quantity'
          ? 'materialQuantity'
          : key === 'material.unit'
            ? 'materialUnit'
            : key.startsWith('services')
              ? 'services'
              : key;
    byField[field] = byField[field] ? `${byField[field]} ${message}` : message;
  }
  return byField;
}
