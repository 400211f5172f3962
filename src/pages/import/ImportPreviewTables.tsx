import Typography from '@mui/material/Typography';
import { RecordDataTable } from '../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../admin/lists/columns';
import { IMPORT_TARGETS, type ImportKind } from '../../domain/importing/targets';
import type { ImportPreview } from './useImports';

type InvalidRow = ImportPreview['invalid'][number] & { id: number };
type Duplicate = ImportPreview['duplicates'][number] & { id: number };

const ACTION_LABELS = { skip: 'Skipped', update: 'Updates the existing record', create: 'Created anyway' } as const;
/** The most rows of each table shown. */
const SHOWN = 500;

const duplicateColumns: ListColumn<Duplicate>[] = [
  { source: 'row', label: 'Row' },
  {
    source: 'existingID',
    label: 'Existing record',
    render: (d) => (d.existingID === null ? `Row ${d.sameAsRow} of this file` : `#${d.existingID}`),
  },
  { source: 'action', label: 'What happens', render: (d) => ACTION_LABELS[d.action] },
];

/** Step 3 of the wizard: the valid count, the invalid rows and the duplicates with what happens to each. */
export function ImportPreviewTables({ preview, kind }: { preview: ImportPreview; kind: ImportKind }) {
  const invalidColumns: ListColumn<InvalidRow>[] = [
    { source: 'row', label: 'Row' },
    { source: 'field', label: 'Field', render: (e) => IMPORT_TARGETS[kind].find((t) => t.key === e.field)?.label ?? e.field },
    { source: 'message', label: 'Message' },
  ];
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        {preview.valid} valid rows will be imported{preview.invalid.length ? '; invalid rows are left out.' : '.'}
      </Typography>
      {preview.invalid.length > 0 && (
        <>
          <Typography variant="subtitle2">Invalid rows</Typography>
          <RecordDataTable
            columns={invalidColumns}
            rows={preview.invalid.slice(0, SHOWN).map((e, id) => ({ ...e, id }))}
            sortable={false}
            emptyText=""
            aria-label="Invalid rows"
          />
        </>
      )}
      {preview.duplicates.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            Probable duplicates
          </Typography>
          <RecordDataTable
            columns={duplicateColumns}
            rows={preview.duplicates.slice(0, SHOWN).map((d) => ({ ...d, id: d.row }))}
            sortable={false}
            emptyText=""
            aria-label="Duplicates"
          />
        </>
      )}
    </>
  );
}
