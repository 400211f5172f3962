import type { Entity } from './defineEntity';
import type { ChoiceLabels } from '../domain/choiceLabels';
import type { ValueFormatName } from '../domain/valueFormats';
import { resolveScreens } from './screens';
import { customErrorKey, type CustomFieldDefinition } from './customFields';

/** The formats a list exports to (`GET /api/<route>/export?format=`). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One column of a list's export: the record's field and its heading. */
export interface ExportColumn {
  source: string;
  label: string;
  /** A system date, written as the office's calendar day (YYYY-MM-DD). */
  date?: boolean;
  /** Written as its choice's label (data: the file is written on a worker thread). */
  choiceLabels?: ChoiceLabels;
  /** Written through this named format of src/domain/valueFormats.ts, from the values it reads. */
  shownAs?: ValueFormatName;
  /** An export-only column: a field of the row this reference field points to. */
  lookup?: { via: string; field: string };
  /** A custom field's value (issue 38), written as a person reads it. */
  custom?: Pick<CustomFieldDefinition, 'key' | 'kind'>;
}

/**
 * The columns a list exports: the record's id (so a re-import can update it), then the
 * columns its screen shows (the declared list columns, with the system dates the list adds
 * after the column they follow), headed by the list's labels, then the entity's export-only
 * columns. Each is written as the screen reads it (a choice's label, a named format). Read by
 * the server's export and by the SPA's Export button.
 */
export function exportColumns(entity: Entity, custom: readonly CustomFieldDefinition[] = []): ExportColumn[] {
  const screens = resolveScreens(entity);
  const columns: ExportColumn[] = [{ source: 'id', label: 'ID' }];
  const extra = entity.screens?.listSystemColumns ?? [];
  for (const name of screens.listColumns) {
    const field = entity.field(name)!;
    const { choiceLabels, shownAs } = field;
    columns.push({
      source: name,
      label: field.listLabel ?? field.label,
      ...(choiceLabels && { choiceLabels }),
      ...(shownAs && { shownAs }),
    });
    for (const system of extra) if (system.after === name) columns.push({ source: system.field, label: system.label, date: true });
  }
  for (const { name, ...column } of entity.exportOnly ?? []) columns.push({ source: name, ...column });
  // The fields an admin added (issue 38), every one of them, headed by their labels.
  for (const { key, kind, label } of custom) columns.push({ source: customErrorKey(key), label, custom: { key, kind } });
  return columns;
}

/** The export's file name on the office's calendar day: `customers-2026-11-25.csv`. */
export function exportFileName(entity: Pick<Entity, 'route'>, officeDate: string, format: ExportFormat): string {
  return `${entity.route}-${officeDate}.${format}`;
}
