/**
 * Estimate arithmetic (DESIGN "Pricing rules", SPEC §9 "Item arithmetic"): the SPA previews
 * with these functions and the server stores what they compute.
 */
import { round2 } from './money';
import { taxRate } from './taxes';

/** A number as stored or typed; anything else counts as 0 (an empty quantity prices nothing). */
function amount(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

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
  const q = amount(quantity);
  return { totalCost: round2(q * amount(unitCost)), totalPrice: round2(q * amount(unitPrice)) };
}

/** The items table's Total: round2(quantity × unitPrice × (1 + rate(tax))). */
export function itemTotalWithTax({ quantity, unitPrice }: Pick<ItemFigures, 'quantity' | 'unitPrice'>, tax: unknown): number {
  return round2(amount(quantity) * amount(unitPrice) * (1 + taxRate(tax)));
}

/** A work area's subtotal: Σ item totalPrice. */
export function workAreaSubtotal(items: readonly { totalPrice: unknown }[]): number {
  return round2(items.reduce((sum, item) => sum + amount(item.totalPrice), 0));
}

export interface PricedArea {
  subtotal: unknown;
  tax: unknown;
  isIncluded: unknown;
}

const included = (area: PricedArea) => area.isIncluded === true || area.isIncluded === 1;

/** An estimate's subtotal: Σ subtotal of its included work areas. */
export function estimateSubtotal(areas: readonly PricedArea[]): number {
  return round2(areas.filter(included).reduce((sum, area) => sum + amount(area.subtotal), 0));
}

export interface Pricing {
  discount: number;
  subtotal: number;
  taxes: number;
  total: number;
}

/**
 * The Pricing card: taxes = Σ over included areas of round2(subtotal × (1 − d) × rate),
 * total = round2(subtotal × (1 − d)) + taxes, with d = discount / 100.
 */
export function estimatePricing(areas: readonly PricedArea[], discount: unknown): Pricing {
  const percent = amount(discount);
  const keep = 1 - percent / 100;
  const subtotal = estimateSubtotal(areas);
  const taxes = round2(
    areas.filter(included).reduce((sum, area) => sum + round2(amount(area.subtotal) * keep * taxRate(area.tax)), 0),
  );
  return { discount: percent, subtotal, taxes, total: round2(round2(subtotal * keep) + taxes) };
}

/** The discount in money: subtotal − round2(subtotal × (1 − d)), for the proposal's discount line. */
export function discountAmount({ subtotal, discount }: Pick<Pricing, 'subtotal' | 'discount'>): number {
  return round2(subtotal - round2(subtotal * (1 - discount / 100)));
}
