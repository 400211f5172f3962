/**
 * Revisions of an estimate (issue 23): what a revision holds (its snapshot) and how two of them
 * differ. Pure: the server builds and stores snapshots, the SPA shows them and their comparison.
 */
import type { PlanMeasure } from './planMeasure';
import type { Pricing } from './pricing';
import type { SnowPricing } from './snowPricing';

/** One line of a work area as a revision keeps it. */
export interface RevisionItem {
  id: number;
  /** The catalogue item it was picked from, if any. */
  itemID: number | null;
  name: string;
  size: number | null;
  quantity: number;
  units: string | null;
  unitCost: number;
  unitPrice: number;
  totalCost: number;
  totalPrice: number;
  /** Issue 24's fields: absent from snapshots frozen before revisions kept every declared field. */
  kind?: string;
  hoursPerUnit?: number | null;
  laborHours?: number;
  /** Issue 42: the site plan's shapes its size was measured from. */
  planMeasure?: PlanMeasure | null;
}

/** A work area as a revision keeps it, with its items in id order. */
export interface RevisionArea {
  id: number;
  name: string;
  tax: string;
  isIncluded: boolean;
  /** Sanitised rich text. */
  notes: string | null;
  subtotal: number;
  /** Its snow price sheet (issue 41); absent from snapshots frozen before them. */
  snowPricing?: SnowPricing | null;
  items: RevisionItem[];
}

/**
 * An estimate's priced content at one revision: every work area (included or not, in id order)
 * with its items and notes, and the pricing computed from them with the estimate's discount.
 */
export interface RevisionSnapshot {
  areas: RevisionArea[];
  pricing: Pricing;
  /** The estimate's custom fields by key (issue 38); absent from snapshots frozen before them. */
  custom?: Record<string, unknown>;
}

export interface FieldChange<T> {
  from: T;
  to: T;
}

/** What changed in a work area present in both revisions (only the fields that differ). */
export interface AreaChanges {
  name?: FieldChange<string>;
  tax?: FieldChange<string>;
  included?: FieldChange<boolean>;
  subtotal?: FieldChange<number>;
  /** Set (true) when the notes differ; `notes` then holds both versions. */
  notesChanged?: true;
  notes?: FieldChange<string | null>;
  /** Its snow price sheet (issue 41), between snapshots that both hold one (null: not priced as snow). */
  snowPricing?: FieldChange<SnowPricing | null>;
}

export type ItemField = Exclude<keyof RevisionItem, 'id'>;
export type ItemChanges = { [F in ItemField]?: FieldChange<RevisionItem[F]> };

export interface AreaItem {
  areaID: number;
  areaName: string;
  item: RevisionItem;
}

/**
 * How `to` differs from `from`. Areas are matched by id; items by id within an area present in
 * both (the items of an added or removed area come with it, not in `items`). Renaming keeps the
 * identity, so a renamed item is changed, not removed and added.
 */
export interface SnapshotComparison {
  areas: {
    added: RevisionArea[];
    removed: RevisionArea[];
    changed: { id: number; name: string; changes: AreaChanges }[];
  };
  items: {
    added: AreaItem[];
    removed: AreaItem[];
    changed: { areaID: number; id: number; name: string; changes: ItemChanges }[];
  };
  totals: { from: Pricing; to: Pricing };
  /** The estimate's custom fields that differ, by key (only between snapshots that both hold them). */
  custom: { key: string; from: unknown; to: unknown }[];
}

/** GET …/revisions/compare: the comparison and the revision numbers it is between. */
export interface RevisionComparison extends SnapshotComparison {
  from: number;
  to: number;
}

const byId = <T extends { id: number }>(rows: readonly T[]) => new Map(rows.map((row) => [row.id, row]));
const ascendingId = (a: { id: number }, b: { id: number }) => a.id - b.id;

function areaChanges(from: RevisionArea, to: RevisionArea): AreaChanges {
  const changes: AreaChanges = {};
  if (from.name !== to.name) changes.name = { from: from.name, to: to.name };
  if (from.tax !== to.tax) changes.tax = { from: from.tax, to: to.tax };
  if (from.isIncluded !== to.isIncluded) changes.included = { from: from.isIncluded, to: to.isIncluded };
  if (from.subtotal !== to.subtotal) changes.subtotal = { from: from.subtotal, to: to.subtotal };
  if ((from.notes ?? null) !== (to.notes ?? null)) {
    changes.notesChanged = true;
    changes.notes = { from: from.notes ?? null, to: to.notes ?? null };
  }
  if ('snowPricing' in from && 'snowPricing' in to && JSON.stringify(from.snowPricing ?? null) !== JSON.stringify(to.snowPricing ?? null)) {
    changes.snowPricing = { from: from.snowPricing ?? null, to: to.snowPricing ?? null };
  }
  return changes;
}

function itemChanges(from: RevisionItem, to: RevisionItem): ItemChanges {
  const changes: Record<string, FieldChange<unknown>> = {};
  // Every field a line's snapshot holds (src/schema/workAreaItemLines.ts: all declared ones); a
  // field that a snapshot frozen before it was declared does not hold is not a change.
  for (const field of Object.keys(to) as (ItemField | 'id')[]) {
    if (field === 'id' || !(field in from)) continue;
    // A structured value (an item's plan measure) is compared by what it holds.
    if (JSON.stringify(from[field] ?? null) !== JSON.stringify(to[field] ?? null))
      changes[field] = { from: from[field] ?? null, to: to[field] ?? null };
  }
  return changes as ItemChanges;
}

function customChanges(from: Record<string, unknown> | undefined, to: Record<string, unknown> | undefined): SnapshotComparison['custom'] {
  if (!from || !to) return [];
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort();
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return keys.filter((key) => !same(from[key], to[key])).map((key) => ({ key, from: from[key] ?? null, to: to[key] ?? null }));
}

/** The differences between two snapshots (pure; see SnapshotComparison). */
export function compareRevisions(from: RevisionSnapshot, to: RevisionSnapshot): SnapshotComparison {
  const fromAreas = byId(from.areas);
  const toAreas = byId(to.areas);
  const comparison: SnapshotComparison = {
    areas: {
      added: to.areas.filter((area) => !fromAreas.has(area.id)),
      removed: from.areas.filter((area) => !toAreas.has(area.id)),
      changed: [],
    },
    items: { added: [], removed: [], changed: [] },
    totals: { from: from.pricing, to: to.pricing },
    custom: customChanges(from.custom, to.custom),
  };
  for (const after of to.areas) {
    const before = fromAreas.get(after.id);
    if (!before) continue;
    const changes = areaChanges(before, after);
    if (Object.keys(changes).length) comparison.areas.changed.push({ id: after.id, name: after.name, changes });
    const beforeItems = byId(before.items);
    const afterItems = byId(after.items);
    const place = { areaID: after.id, areaName: after.name };
    for (const item of before.items) if (!afterItems.has(item.id)) comparison.items.removed.push({ ...place, item });
    for (const item of after.items) {
      const old = beforeItems.get(item.id);
      if (!old) {
        comparison.items.added.push({ ...place, item });
        continue;
      }
      const changes = itemChanges(old, item);
      if (Object.keys(changes).length) comparison.items.changed.push({ areaID: after.id, id: item.id, name: item.name, changes });
    }
  }
  return comparison;
}

function changedArea(area: RevisionArea, changes: AreaChanges): RevisionArea {
  return {
    ...area,
    name: changes.name?.to ?? area.name,
    tax: changes.tax?.to ?? area.tax,
    isIncluded: changes.included ? changes.included.to : area.isIncluded,
    subtotal: changes.subtotal ? changes.subtotal.to : area.subtotal,
    notes: changes.notes ? changes.notes.to : area.notes,
    ...(changes.snowPricing ? { snowPricing: changes.snowPricing.to } : {}),
  };
}

/** A comparison applied to the snapshot it was made from: the snapshot it was made to. */
export function applyComparison(from: RevisionSnapshot, comparison: SnapshotComparison): RevisionSnapshot {
  const removedAreas = new Set(comparison.areas.removed.map((area) => area.id));
  const areaChangesById = new Map(comparison.areas.changed.map((entry) => [entry.id, entry.changes]));
  const itemChangesById = new Map(comparison.items.changed.map((entry) => [entry.id, entry.changes]));
  const removedItems = new Set(comparison.items.removed.map((entry) => entry.item.id));
  const areas = from.areas
    .filter((area) => !removedAreas.has(area.id))
    .map((area) => {
      const changes = areaChangesById.get(area.id);
      const items = area.items
        .filter((item) => !removedItems.has(item.id))
        .map((item) => {
          const fields = itemChangesById.get(item.id);
          if (!fields) return item;
          const next: Record<string, unknown> = { ...item };
          for (const [field, change] of Object.entries(fields)) next[field] = (change as FieldChange<unknown>).to;
          return next as unknown as RevisionItem;
        });
      items.push(...comparison.items.added.filter((entry) => entry.areaID === area.id).map((entry) => entry.item));
      items.sort(ascendingId);
      return { ...(changes ? changedArea(area, changes) : area), items };
    });
  areas.push(...comparison.areas.added);
  areas.sort(ascendingId);
  if (!from.custom) return { areas, pricing: comparison.totals.to };
  const custom: Record<string, unknown> = { ...from.custom };
  for (const { key, to } of comparison.custom) {
    if (to === null) delete custom[key];
    else custom[key] = to;
  }
  return { areas, pricing: comparison.totals.to, custom };
}
