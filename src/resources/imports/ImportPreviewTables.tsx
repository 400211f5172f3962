import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RecordDataTable } from '../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../admin/lists/columns';
import { importTargets, MAIN_ENTITY, type ImportKind } from '../../domain/importing/targets';
import { useCustomFields } from '../../admin/customFields/useCustomFields';
import type { ImportPreview, ImportRowMessage } from './useImports';

type RowMessage = ImportRowMessage & { id: number };
type Duplicate = ImportPreview['duplicates'][number] & { id: number };

const ACTION_LABELS = { skip: 'Skipped', update: 'Updates the existing record', create: 'Created anyway' } as const;
/** The most rows of each table shown. */
const SHOWN = 500;

/** The row's number and the name the file gives it (issue 35: "Row 6", alone, names nobody). */
const rowColumns = [
  { source: 'row', label: 'Row' },
  { source: 'name', label: 'Name', render: (r: { name: string | null }) => r.name ?? '—' },
];

const duplicateColumns: ListColumn<Duplicate>[] = [
  ...rowColumns,
  {
    source: 'existingID',
    label: 'Existing record',
    render: (d) => (d.existingID === null ? `Row ${d.sameAsRow} of this file` : `#${d.existingID}`),
  },
  { source: 'action', label: 'What happens', render: (d) => ACTION_LABELS[d.action] },
];

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** What the commit will do, in the words and counts its result will use ("5 created, 0 updated, 2 skipped"). */
export function previewSummary(preview: ImportPreview): string {
  const { create, update, skip } = preview.counts;
  const skipped = [skip && plural(skip, 'duplicate'), preview.invalidRows && plural(preview.invalidRows, 'invalid row')].filter(Boolean);
  const why = skipped.length ? ` (${skipped.join(', ')})` : '';
  return `${plural(preview.valid + preview.invalidRows, 'row')}: ${count(create)} will be created, ${count(update)} updated, ${count(skip + preview.invalidRows)} skipped${why}.`;
}

/**
 * A table a phone scrolls sideways: the scrolling box is a Tab stop and a named region, so the
 * keyboard scrolls it too (axe: scrollable-region-focusable); DataTable's own wrapper does not scroll.
 */
function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto', '& .RaDataTable-tableWrapper': { overflowX: 'visible' } }}>
      {children}
    </Box>
  );
}

/** Step 3 of the wizard: the counts, the invalid rows, the duplicates and what was kept in notes, each row named. */
export function ImportPreviewTables({ preview, kind }: { preview: ImportPreview; kind: ImportKind }) {
  const { data: customFields = [] } = useCustomFields(MAIN_ENTITY[kind]);
  const fieldLabel = (key: string) => importTargets(kind, customFields).find((t) => t.key === key)?.label ?? key;
  const invalidColumns: ListColumn<RowMessage>[] = [
    ...rowColumns,
    { source: 'field', label: 'Field', render: (e) => fieldLabel(e.field) },
    { source: 'message', label: 'Message' },
  ];
  const noteColumns: ListColumn<RowMessage>[] = [...rowColumns, { source: 'message', label: 'Kept in notes' }];
  const table = (title: string, label: string, columns: ListColumn<RowMessage>[], rows: ImportRowMessage[]) =>
    rows.length > 0 && (
      <>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {title}
        </Typography>
        <ScrollingTable label={label}>
          <RecordDataTable
            columns={columns}
            rows={rows.slice(0, SHOWN).map((e, id) => ({ ...e, id }))}
            sortable={false}
            emptyText=""
            aria-label={label}
          />
        </ScrollingTable>
      </>
    );
  return (
    <>
      <Typography sx={{ mb: 2 }}>{previewSummary(preview)}</Typography>
      {table('Invalid rows', 'Invalid rows', invalidColumns, preview.invalid)}
      {preview.duplicates.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            Probable duplicates
          </Typography>
          <ScrollingTable label="Duplicates">
            <RecordDataTable
              columns={duplicateColumns}
              rows={preview.duplicates.slice(0, SHOWN).map((d) => ({ ...d, id: d.row }))}
              sortable={false}
              emptyText=""
              aria-label="Duplicates"
            />
          </ScrollingTable>
        </>
      )}
      {table("Kept in the contact's notes", "Kept in the contact's notes", noteColumns, preview.notes)}
    </>
  );
}
