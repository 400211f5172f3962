/**
 * Cost, crew hours and margin (issue 24): what a job costs and earns, next to what the client
 * pays (src/domain/pricing.ts). Computed exactly (src/domain/decimal.ts) and rounded to cents
 * (money) or one decimal (percentages) only at the end of each figure; the server answers
 * these figures (GET /api/estimates/:id/profitability) and the SPA previews with the same
 * functions. Nothing here ever reaches a client's document.
 *
 * - A line's direct cost is its totalCost (quantity × unit cost, SPEC §9) and its crew hours
 *   laborHours = round2(quantity × hoursPerUnit); crew hours cost laborRate + overheadPerHour each.
 * - Revenue is the subtotal after the discount: round2(subtotal × (1 − discount/100)). Taxes are
 *   not revenue.
 */
import {
  add,
  ceilCents,
  compare,
  div,
  type Exact,
  exactOrZero,
  mul,
  ONE,
  roundExact,
  roundToNumber,
  sub,
  sum,
  toNumber,
  ZERO,
} from './decimal';

export const DEFAULT_TARGET_MARGIN_PERCENT = 35;
/** The target margin is below 100 % (a 100 % margin needs an infinite price). */
export const TARGET_MARGIN_MAX = 99.99;
/** A crew-day, for the Profitability card's crew-days. */
export const HOURS_PER_CREW_DAY = 8;

/** The company's costing figures (company profile, Settings › Company › Costing). */
export interface Costing {
  laborRate?: unknown;
  overheadPerHour?: unknown;
  targetMarginPercent?: unknown;
}

export interface CostedLine {
  /** round2(quantity × unitCost), as stored. */
  totalCost: unknown;
  /** round2(quantity × hoursPerUnit), as stored. */
  laborHours: unknown;
}

export interface CostedArea {
  id: number;
  /** Σ its items' prices, as stored. */
  subtotal: unknown;
  isIncluded: unknown;
  items: readonly CostedLine[];
}

export interface ProfitabilityInput {
  /** Percent, 0–100. */
  discount: unknown;
  areas: readonly CostedArea[];
}

export interface AreaProfitability {
  id: number;
  revenue: number;
  /** Σ its lines' direct costs (quantity × unit cost), without crew time. */
  materialCost: number;
  cost: number;
  laborHours: number;
  grossProfit: number;
  marginPercent: number | null;
}

export interface EstimateProfitability {
  revenue: number;
  materialCost: number;
  laborHours: number;
  laborCost: number;
  cost: number;
  grossProfit: number;
  marginPercent: number | null;
  targetMarginPercent: number;
  /** The smallest subtotal (before the discount) at which grossProfit ≥ 0; null when none is (a 100 % discount). */
  breakEvenSubtotal: number | null;
  /** The smallest subtotal (before the discount) whose margin is at least the target; null when none is. */
  targetSubtotal: number | null;
  areas: AreaProfitability[];
}

const HALF_CENT: Exact = { n: 1n, d: 200n };
const HUNDRED: Exact = { n: 100n, d: 1n };

const cents = (value: Exact) => roundExact(value, 2);
const money = (value: Exact) => roundToNumber(value, 2);
const isIncluded = (area: { isIncluded: unknown }) => area.isIncluded === true || area.isIncluded === 1;

/** What one crew hour costs: laborRate + overheadPerHour. */
export function hourlyCost(costing: Costing): Exact {
  return add(exactOrZero(costing.laborRate), exactOrZero(costing.overheadPerHour));
}

/** The target margin as a percentage (the default when the company has not set one). */
export function targetMarginOf(costing: Costing): number {
  const given = costing.targetMarginPercent;
  return given === null || given === undefined || given === '' ? DEFAULT_TARGET_MARGIN_PERCENT : toNumber(exactOrZero(given));
}

/** A line's crew hours: round2(quantity × hoursPerUnit) (what the server stores as laborHours). */
export function lineLaborHours({ quantity, hoursPerUnit }: { quantity: unknown; hoursPerUnit: unknown }): number {
  return money(mul(exactOrZero(quantity), exactOrZero(hoursPerUnit)));
}

/** The margin of a revenue and a cost: grossProfit ÷ revenue × 100 to one decimal; null without revenue. */
export function marginPercent(revenue: number, cost: number): number | null {
  const r = exactOrZero(revenue);
  if (r.n === 0n) return null;
  return roundToNumber(div(mul(sub(r, exactOrZero(cost)), HUNDRED), r)!, 1);
}

/** A line's cost: its direct cost plus its crew hours at the hourly cost. */
export function lineCost(
  line: CostedLine,
  costing: Costing,
): { materialCost: number; laborHours: number; laborCost: number; cost: number } {
  const materialCost = cents(exactOrZero(line.totalCost));
  const hours = exactOrZero(line.laborHours);
  const laborCost = cents(mul(hours, hourlyCost(costing)));
  return {
    materialCost: toNumber(materialCost),
    laborHours: toNumber(hours),
    laborCost: toNumber(laborCost),
    cost: money(add(materialCost, laborCost)),
  };
}

const keptShare = (discount: unknown): Exact => sub(ONE, mul(exactOrZero(discount), { n: 1n, d: 100n }));

interface Totals {
  revenue: Exact;
  materialCost: Exact;
  laborHours: Exact;
  laborCost: Exact;
  cost: Exact;
}

/** Revenue and cost of a set of lines with a subtotal, each rounded to cents once. */
function totalsOf(subtotal: Exact, lines: readonly CostedLine[], keep: Exact, costing: Costing): Totals {
  const revenue = cents(mul(cents(subtotal), keep));
  const materialCost = cents(sum(lines.map((line) => exactOrZero(line.totalCost))));
  const laborHours = sum(lines.map((line) => exactOrZero(line.laborHours)));
  const laborCost = cents(mul(laborHours, hourlyCost(costing)));
  return { revenue, materialCost, laborHours, laborCost, cost: add(materialCost, laborCost) };
}

/**
 * One work area's own figures (whether or not it is included): its revenue is its subtotal
 * after the estimate's discount, its cost its lines' direct cost plus its crew hours' cost.
 */
export function areaProfitability(area: CostedArea, discount: unknown, costing: Costing): AreaProfitability {
  const t = totalsOf(exactOrZero(area.subtotal), area.items, keptShare(discount), costing);
  const revenue = toNumber(t.revenue);
  const cost = toNumber(t.cost);
  return {
    id: area.id,
    revenue,
    materialCost: toNumber(t.materialCost),
    cost,
    laborHours: money(t.laborHours),
    grossProfit: money(sub(t.revenue, t.cost)),
    marginPercent: marginPercent(revenue, cost),
  };
}

/**
 * The smallest subtotal S (in cents) whose revenue round2(S × keep) is at least `revenue`:
 * round2 rounds half away from zero, so S × keep ≥ revenue − ½ cent suffices. Null when the
 * discount keeps nothing and some revenue is needed.
 */
function subtotalForRevenue(revenue: Exact, keep: Exact): Exact | null {
  if (compare(revenue, ZERO) <= 0) return ZERO;
  if (compare(keep, ZERO) <= 0) return null;
  return ceilCents(div(sub(revenue, HALF_CENT), keep)!);
}

/**
 * The subtotal that reaches a margin: revenue R with (R − cost) ÷ R ≥ target, i.e.
 * R ≥ cost ÷ (1 − target/100), rounded up to the cent, then the subtotal giving that revenue.
 */
function subtotalForMargin(cost: Exact, target: Exact, keep: Exact): Exact | null {
  const share = sub(ONE, div(target, HUNDRED)!);
  if (compare(share, ZERO) <= 0) return null;
  return subtotalForRevenue(ceilCents(div(cost, share)!), keep);
}

/** An estimate's profitability over its included areas (each area's own figures listed too). */
export function estimateProfitability(input: ProfitabilityInput, costing: Costing): EstimateProfitability {
  const keep = keptShare(input.discount);
  const included = input.areas.filter(isIncluded);
  const t = totalsOf(
    sum(included.map((area) => exactOrZero(area.subtotal))),
    included.flatMap((area) => area.items),
    keep,
    costing,
  );
  const target = targetMarginOf(costing);
  const revenue = toNumber(t.revenue);
  const cost = toNumber(t.cost);
  const breakEven = subtotalForRevenue(t.cost, keep);
  const targetSubtotal = subtotalForMargin(t.cost, exactOrZero(target), keep);
  return {
    revenue,
    materialCost: toNumber(t.materialCost),
    laborHours: money(t.laborHours),
    laborCost: toNumber(t.laborCost),
    cost,
    grossProfit: money(sub(t.revenue, t.cost)),
    marginPercent: marginPercent(revenue, cost),
    targetMarginPercent: target,
    breakEvenSubtotal: breakEven && toNumber(breakEven),
    targetSubtotal: targetSubtotal && toNumber(targetSubtotal),
    areas: input.areas.map((area) => areaProfitability(area, input.discount, costing)),
  };
}

export interface LineFigures {
  quantity: unknown;
  unitCost: unknown;
  unitPrice: unknown;
  hoursPerUnit: unknown;
}

export interface LineMargin {
  price: number;
  materialCost: number;
  laborHours: number;
  laborCost: number;
  cost: number;
  grossProfit: number;
  marginPercent: number | null;
}

/** A line's margin as the item editor shows it (before any discount): price against cost and crew time. */
export function lineMargin(line: LineFigures, costing: Costing): LineMargin {
  const quantity = exactOrZero(line.quantity);
  const price = money(mul(quantity, exactOrZero(line.unitPrice)));
  const c = lineCost({ totalCost: money(mul(quantity, exactOrZero(line.unitCost))), laborHours: lineLaborHours(line) }, costing);
  return { price, ...c, grossProfit: money(sub(exactOrZero(price), exactOrZero(c.cost))), marginPercent: marginPercent(price, c.cost) };
}

/**
 * *Price for target margin*: the unit price, rounded up to the cent, whose margin over one
 * unit's cost — unitCost + hoursPerUnit × (laborRate + overheadPerHour) — is at least the
 * target. 0 when the unit costs nothing.
 */
export function priceForTargetMargin(unitCost: unknown, hoursPerUnit: unknown, costing: Costing): number {
  const unit = add(exactOrZero(unitCost), mul(exactOrZero(hoursPerUnit), hourlyCost(costing)));
  if (compare(unit, ZERO) <= 0) return 0;
  const share = sub(ONE, div(exactOrZero(targetMarginOf(costing)), HUNDRED)!);
  if (compare(share, ZERO) <= 0) return Number.NaN;
  return toNumber(ceilCents(div(unit, share)!));
}

/** Crew-days of HOURS_PER_CREW_DAY hours, to one decimal. */
export function crewDays(hours: number): number {
  return roundToNumber(div(exactOrZero(hours), { n: BigInt(HOURS_PER_CREW_DAY), d: 1n })!, 1);
}

/**
 * Whether a revenue and cost fall short of the target margin, exactly (the Profitability card's
 * warning): (revenue − cost) × 100 < target × revenue; no revenue is short of any target
 * unless there is no cost either. Exact, so a price at targetSubtotal never warns although its
 * margin rounded to one decimal may print a hair below a two-decimal target.
 */
export function isBelowTarget(revenue: number, cost: number, targetMarginPercent: unknown): boolean {
  const r = exactOrZero(revenue);
  const c = exactOrZero(cost);
  if (r.n === 0n) return c.n > 0n;
  return compare(mul(sub(r, c), HUNDRED), mul(exactOrZero(targetMarginPercent ?? DEFAULT_TARGET_MARGIN_PERCENT), r)) < 0;
}
