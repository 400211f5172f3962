/**
 * What a catalogue item or a line is (issue 24): the kind decides where it is counted — the
 * materials list leaves labour out, and the profitability card splits cost by kind. Written
 * once here; src/schema declares the fields with these values.
 */
export const ITEM_KINDS = ['MATERIAL', 'LABOR', 'EQUIPMENT', 'SUBCONTRACT', 'OTHER'] as const;

export type ItemKind = (typeof ITEM_KINDS)[number];

export const DEFAULT_ITEM_KIND: ItemKind = 'MATERIAL';

export const ITEM_KIND_LABELS: Record<ItemKind, string> = {
  MATERIAL: 'Material',
  LABOR: 'Labor',
  EQUIPMENT: 'Equipment',
  SUBCONTRACT: 'Subcontract',
  OTHER: 'Other',
};

/** The kinds the materials list counts (everything the crew loads or orders, not its own time). */
export const MATERIALS_LIST_KINDS: readonly ItemKind[] = ['MATERIAL', 'EQUIPMENT', 'SUBCONTRACT', 'OTHER'];

export function isItemKind(value: unknown): value is ItemKind {
  return typeof value === 'string' && (ITEM_KINDS as readonly string[]).includes(value);
}

/** The label of a kind; a line without one counts as the default. */
export function itemKindLabel(kind: unknown): string {
  return ITEM_KIND_LABELS[isItemKind(kind) ? kind : DEFAULT_ITEM_KIND];
}

/** Whether a line of this kind is listed among the materials (labour is not). */
export function isListedMaterial(kind: unknown): boolean {
  return (MATERIALS_LIST_KINDS as readonly string[]).includes(isItemKind(kind) ? kind : DEFAULT_ITEM_KIND);
}
