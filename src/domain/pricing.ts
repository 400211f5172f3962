/**
 * Estimate arithmetic (DESIGN "Pricing rules", SPEC §9 "Item arithmetic"): the SPA previews
 * with these functions and the server stores what they compute.
 */
import { add, type Exact, exactOrZero, mul, ONE, roundExact, roundToNumber, sub, sum, toNumber } from './decimal';
import { expectedSeasonTotal } from './snowCharges';
import { isSnowSheet } from './snowPricing';
import { taxRate } from './taxes';

/**
 * Every figure is computed in exact decimal arithmetic (src/domain/decimal.ts) and rounded
 * half away from zero to cents only where the rules say round2: binary floating point would
 * round some half-cent ties the other way.
 */
const cents = (value: Exact) => roundToNumber(value, 2);
const rateOf = (tax: unknown): Exact => exactOrZero(taxRate(tax));

export interface ItemFigures {
  quantity: unknown;
  unitCost: unknown;
  unitPrice: unknown;
}

export interface ItemTotals {
  /** round2(quantity × unitCost) */
  totalCost: number;
  /** round2(quantity × unitPrice) */
  totalPrice: number;
}

export function itemTotals({ quantity, unitCost, unitPrice }: ItemFigures): ItemTotals {
  const q = exactOrZero(quantity);
  return { totalCost: cents(mul(q, exactOrZero(unitCost))), totalPrice: cents(mul(q, exactOrZero(unitPrice))) };
}

/** The items table's Total: round2(quantity × unitPrice × (1 + rate(tax))). */
export function itemTotalWithTax({ quantity, unitPrice }: Pick<ItemFigures, 'quantity' | 'unitPrice'>, tax: unknown): number {
  return cents(mul(mul(exactOrZero(quantity), exactOrZero(unitPrice)), add(ONE, rateOf(tax))));
}

/**
 * A work area's subtotal: Σ item totalPrice — or, for an area priced as snow (issue 41), the
 * cost of the expected season its sheet describes.
 */
export function workAreaSubtotal(items: readonly { totalPrice: unknown }[], snowPricing?: unknown): number {
  if (isSnowSheet(snowPricing)) return expectedSeasonTotal(snowPricing);
  return cents(sum(items.map((item) => exactOrZero(item.totalPrice))));
}

export interface PricedArea {
  subtotal: unknown;
  tax: unknown;
  isIncluded: unknown;
}

const included = (area: PricedArea) => area.isIncluded === true || area.isIncluded === 1;

/** Σ subtotal of the included areas, exactly. */
const includedSubtotal = (areas: readonly PricedArea[]) => sum(areas.filter(included).map((area) => exactOrZero(area.subtotal)));

/** An estimate's subtotal: Σ subtotal of its included work areas. */
export function estimateSubtotal(areas: readonly PricedArea[]): number {
  return cents(includedSubtotal(areas));
}

export interface Pricing {
  discount: number;
  subtotal: number;
  taxes: number;
  total: number;
}

/** 1 − discount/100, exactly. */
const keptShare = (percent: Exact): Exact => sub(ONE, mul(percent, { n: 1n, d: 100n }));

/**
 * The Pricing card: taxes = Σ over included areas of round2(subtotal × (1 − d) × rate),
 * total = round2(subtotal × (1 − d)) + taxes, with d = discount / 100.
 */
export function estimatePricing(areas: readonly PricedArea[], discount: unknown): Pricing {
  const percent = exactOrZero(discount);
  const keep = keptShare(percent);
  const subtotal = roundExact(includedSubtotal(areas), 2);
  const taxes = sum(areas.filter(included).map((area) => roundExact(mul(mul(exactOrZero(area.subtotal), keep), rateOf(area.tax)), 2)));
  const total = add(roundExact(mul(subtotal, keep), 2), taxes);
  return { discount: toNumber(percent), subtotal: toNumber(subtotal), taxes: cents(taxes), total: cents(total) };
}

/** The discount in money: subtotal − round2(subtotal × (1 − d)), for the proposal's discount line. */
export function discountAmount({ subtotal, discount }: Pick<Pricing, 'subtotal' | 'discount'>): number {
  const exactSubtotal = exactOrZero(subtotal);
  return cents(sub(exactSubtotal, roundExact(mul(exactSubtotal, keptShare(exactOrZero(discount))), 2)));
}
