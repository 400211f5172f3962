import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IMPORT_TARGETS, type ImportKind } from '../../domain/importing/targets';
import type { ImportPreview } from './useImports';

const ACTION_LABELS = { skip: 'Skipped', update: 'Updates the existing record', create: 'Created anyway' } as const;

/** Step 3 of the wizard: the valid count, the invalid rows and the duplicates with what happens to each. */
export function ImportPreviewTables({ preview, kind }: { preview: ImportPreview; kind: ImportKind }) {
  const labelOf = (key: string) => IMPORT_TARGETS[kind].find((t) => t.key === key)?.label ?? key;
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        {preview.valid} valid rows will be imported{preview.invalid.length ? '; invalid rows are left out.' : '.'}
      </Typography>
      {preview.invalid.length > 0 && (
        <>
          <Typography variant="subtitle2">Invalid rows</Typography>
          <Table size="small" aria-label="Invalid rows" sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Field</TableCell>
                <TableCell>Message</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.invalid.slice(0, 500).map((e, i) => (
                <TableRow key={i}>
                  <TableCell>{e.row}</TableCell>
                  <TableCell>{labelOf(e.field)}</TableCell>
                  <TableCell>{e.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      {preview.duplicates.length > 0 && (
        <>
          <Typography variant="subtitle2">Probable duplicates</Typography>
          <Table size="small" aria-label="Duplicates">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Existing record</TableCell>
                <TableCell>What happens</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.duplicates.slice(0, 500).map((d) => (
                <TableRow key={d.row}>
                  <TableCell>{d.row}</TableCell>
                  <TableCell>{d.existingID === null ? `Row ${d.sameAsRow} of this file` : `#${d.existingID}`}</TableCell>
                  <TableCell>{ACTION_LABELS[d.action]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </>
  );
}
