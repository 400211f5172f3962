import { formatMoney } from '../../../domain/money';
import type { RevisionComparison, RevisionItem, FieldChange } from '../../../domain/revisions';
import { workAreaItems } from '../../../schema';
import { ITEM_FIELDS } from '../../../schema/workAreaItemLines';
import { planMeasureWords, type PlanMeasure } from '../../../domain/planMeasure';
import { customValueText, type CustomFieldDefinition } from '../../../schema/customFields';
import { type SnowPricing } from '../../../domain/snowPricing';
import { snowPricingWords } from '../../../domain/snowWords';

export type ChangeKind = 'added' | 'removed' | 'changed';

/** One line of the side-by-side comparison: what it is, and how it read in each revision. */
export interface ChangeRow {
  key: string;
  kind: ChangeKind | null;
  label: string;
  before: string;
  after: string;
}

/** The changes of one work area (itself and its items), under its name. */
export interface AreaChangeGroup {
  areaID: number;
  name: string;
  kind: ChangeKind | null;
  rows: ChangeRow[];
}

const MONEY_FIELDS = new Set<string>(['unitCost', 'unitPrice', 'totalCost', 'totalPrice', 'subtotal']);
const ITEM_LABELS: Record<string, string> = Object.fromEntries(
  ITEM_FIELDS.map((field) => [field, workAreaItems.field(field)?.label ?? 'Catalog Item']),
);

function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (MONEY_FIELDS.has(field)) return formatMoney(Number(value));
  if (typeof value === 'boolean') return value ? 'YES' : 'NO';
  if (field === 'planMeasure') return planMeasureWords(value as PlanMeasure);
  return String(value);
}

/** An item in one line: "Mulch: 3 yd³ × $45.00 = $135.00". */
export function itemLine(item: RevisionItem): string {
  const units = item.units ? ` ${item.units}` : '';
  return `${item.quantity}${units} × ${formatMoney(item.unitPrice)} = ${formatMoney(item.totalPrice)}`;
}

const changeRows = (prefix: string, changes: Record<string, FieldChange<unknown> | undefined>, label: (field: string) => string) =>
  Object.entries(changes)
    .filter((entry): entry is [string, FieldChange<unknown>] => entry[1] !== undefined && typeof entry[1] === 'object')
    .map(([field, change]) => ({
      key: `${prefix}-${field}`,
      kind: 'changed' as const,
      label: label(field),
      before: shown(field, change.from),
      after: shown(field, change.to),
    }));

const AREA_LABELS: Record<string, string> = {
  name: 'Name',
  tax: 'Tax',
  included: 'Included in Estimate',
  subtotal: 'Subtotal',
  notes: 'Notes',
};

/** The estimate's custom fields that changed (issue 38), by their labels, their values as a person reads them. */
export function customChangeRows(comparison: RevisionComparison, definitions: readonly CustomFieldDefinition[]): ChangeRow[] {
  return (comparison.custom ?? []).map(({ key, from, to }) => {
    const definition = definitions.find((field) => field.key === key);
    const text = (value: unknown) => (definition ? customValueText(definition, value) : value == null ? '' : String(value)) || '—';
    return { key: `custom-${key}`, kind: 'changed', label: definition?.label ?? key, before: text(from), after: text(to) };
  });
}

/** The comparison as groups of rows, one group per work area that changed, in the order of the later revision. */
export function areaChangeGroups(comparison: RevisionComparison): AreaChangeGroup[] {
  const groups = new Map<number, AreaChangeGroup>();
  const group = (areaID: number, name: string, kind: ChangeKind | null = null) => {
    const found = groups.get(areaID) ?? { areaID, name, kind, rows: [] };
    if (kind) found.kind = kind;
    groups.set(areaID, found);
    return found;
  };
  for (const area of comparison.areas.added) {
    group(area.id, area.name, 'added').rows.push(
      ...area.items.map((item) => ({ key: `i${item.id}`, kind: 'added' as const, label: item.name, before: '—', after: itemLine(item) })),
    );
  }
  for (const area of comparison.areas.removed) {
    group(area.id, area.name, 'removed').rows.push(
      ...area.items.map((item) => ({ key: `i${item.id}`, kind: 'removed' as const, label: item.name, before: itemLine(item), after: '—' })),
    );
  }
  for (const { id, name, changes } of comparison.areas.changed) {
    const { notesChanged: _flag, notes, snowPricing, ...fields } = changes;
    const rows = changeRows(`a${id}`, fields, (field) => AREA_LABELS[field] ?? field);
    if (notes) rows.push({ key: `a${id}-notes`, kind: 'changed', label: 'Notes', before: 'Earlier notes', after: 'Notes edited' });
    if (snowPricing) {
      const words = (sheet: SnowPricing | null) => (sheet ? snowPricingWords(sheet).lines.join(' ') : 'Not priced as snow');
      rows.push({
        key: `a${id}-snow`,
        kind: 'changed',
        label: 'Snow pricing',
        before: words(snowPricing.from),
        after: words(snowPricing.to),
      });
    }
    group(id, name, 'changed').rows.push(...rows);
  }
  for (const { areaID, areaName, item } of comparison.items.added) {
    group(areaID, areaName).rows.push({ key: `i${item.id}`, kind: 'added', label: item.name, before: '—', after: itemLine(item) });
  }
  for (const { areaID, areaName, item } of comparison.items.removed) {
    group(areaID, areaName).rows.push({ key: `i${item.id}`, kind: 'removed', label: item.name, before: itemLine(item), after: '—' });
  }
  for (const { areaID, id, name, changes } of comparison.items.changed) {
    const areaName = comparison.areas.changed.find((a) => a.id === areaID)?.name ?? groups.get(areaID)?.name ?? '';
    group(areaID, areaName).rows.push(...changeRows(`i${id}`, changes, (field) => `${name}: ${ITEM_LABELS[field] ?? field}`));
  }
  return [...groups.values()];
}
