import type { ReactNode } from 'react';
import type { Entity } from '../../schema';
import { shownValue } from '../../domain/valueFormats';

export interface ListColumn<R = Record<string, unknown>> {
  /** Record field shown in the cell (and the column's identity). */
  source: string;
  label: string;
  /** The API's sortBy key (SPEC §9, e.g. customer_name); absent when not sortable. */
  sortKey?: string;
  /** Cell content when it is not the plain field value. */
  render?: (record: R) => ReactNode;
  /** Numbers (money, quantities) line up on the right. */
  align?: 'left' | 'right';
  /** Shown after the header's label, e.g. a filter button. */
  headerAction?: ReactNode;
}

/**
 * Columns from an entity declaration: every field not marked `hiddenInList`, in declaration
 * order, labelled and sortable as declared, read as declared (a choice's label, a named format:
 * what the list's export writes too). `only` picks and orders a subset.
 */
export function entityColumns<R = Record<string, unknown>>(entity: Pick<Entity, 'resolved'>, only?: readonly string[]): ListColumn<R>[] {
  const fields = only
    ? only.map((name) => {
        const found = entity.resolved.find((f) => f.name === name);
        if (!found) throw new Error(`No field ${name} to show as a column`);
        return found;
      })
    : entity.resolved.filter((f) => !f.hiddenInList);
  return fields.map((f) => ({
    source: f.name,
    label: f.listLabel ?? f.label,
    sortKey: f.sortable ? f.key : undefined,
    align: f.kind === 'decimal' ? 'right' : undefined,
    render: f.choiceLabels || f.shownAs ? (record: R) => shownValue(f, record as Record<string, unknown>) as ReactNode : undefined,
  }));
}
