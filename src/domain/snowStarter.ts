/** The sheets the SNOW template's areas start with (issue 41). */
import { exactOrZero, mul, roundExact, sum, toNumber } from './decimal';
import { MAX_EVENTS, type SnowLine, type SnowPricing, type SnowService } from './snowPricing';

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
