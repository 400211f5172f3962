import { Box, Chip, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import type { Identifier } from 'react-admin';
import { formatMoney } from '../../../domain/money';
import type { Pricing } from '../../../domain/pricing';
import { areaChangeGroups, customChangeRows, type ChangeKind, type ChangeRow } from './revisionChangeRows';
import { useCustomFields } from '../../../admin/customFields/useCustomFields';
import { useRevisionComparison } from './useRevisions';

/** Added green, removed red, changed amber; each also says so in words. */
const CHANGE_COLORS = { added: 'success', removed: 'error', changed: 'warning' } as const;
const CHANGE_WORDS: Record<ChangeKind, string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

const highlight = (kind: ChangeKind | null) => (theme: Theme) =>
  kind ? { bgcolor: alpha(theme.palette[CHANGE_COLORS[kind]].main, 0.12) } : {};

const TOTALS: { key: keyof Pricing; label: string }[] = [
  { key: 'subtotal', label: 'Subtotal' },
  { key: 'discount', label: 'Discount (%)' },
  { key: 'taxes', label: 'Taxes' },
  { key: 'total', label: 'Total' },
];

interface RevisionComparisonViewProps {
  estimateId: Identifier;
  from: number;
  to: number;
  estimateVersion: unknown;
}

/** Two revisions side by side: the totals, then each work area that changed with its items. */
export function RevisionComparisonView({ estimateId, from, to, estimateVersion }: RevisionComparisonViewProps) {
  const { data: comparison, isPending, error } = useRevisionComparison(estimateId, from, to, estimateVersion);
  // Their labels are read only when a custom field changed.
  const { data: customFields = [] } = useCustomFields('estimates', { enabled: Boolean(comparison?.custom?.length) });
  if (from === to) return <Typography color="text.secondary">Choose two different revisions.</Typography>;
  if (isPending) return <LinearProgress aria-label="Loading the comparison" />;
  if (error || !comparison) return <Typography color="error">The comparison could not be loaded.</Typography>;
  const groups = areaChangeGroups(comparison);
  const fieldRows = customChangeRows(comparison, customFields);
  const totalRows: ChangeRow[] = TOTALS.map(({ key, label }) => {
    const before = comparison.totals.from[key];
    const after = comparison.totals.to[key];
    const show = (value: number) => (key === 'discount' ? `${value} %` : formatMoney(value));
    return { key, label, kind: before === after ? null : 'changed', before: show(before), after: show(after) };
  });
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`Changes from R${from} to R${to}`} sx={{ '& td, & th': { overflowWrap: 'anywhere' } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '40%' }}>Change</TableCell>
            <TableCell>R{from}</TableCell>
            <TableCell>R{to}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {totalRows.map((row) => (
            <ChangeLine key={row.key} row={row} />
          ))}
          {fieldRows.map((row) => (
            <ChangeLine key={row.key} row={row} />
          ))}
          {groups.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>No work area, item or note changed.</TableCell>
            </TableRow>
          )}
          {groups.map((group) => (
            <AreaRows key={group.areaID} name={group.name} kind={group.kind} rows={group.rows} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function AreaRows({ name, kind, rows }: { name: string; kind: ChangeKind | null; rows: ChangeRow[] }) {
  return (
    <>
      <TableRow data-change={kind ?? undefined} sx={highlight(kind)}>
        <TableCell colSpan={3} component="th" scope="rowgroup" sx={{ fontWeight: 600 }}>
          {name}
          {kind && <ChangeChip kind={kind} />}
        </TableCell>
      </TableRow>
      {rows.map((row) => (
        <ChangeLine key={row.key} row={row} indent />
      ))}
    </>
  );
}

function ChangeLine({ row, indent = false }: { row: ChangeRow; indent?: boolean }) {
  return (
    <TableRow data-change={row.kind ?? undefined} sx={highlight(row.kind)}>
      <TableCell component="th" scope="row" sx={{ pl: indent ? 4 : undefined }}>
        {row.label}
        {row.kind && indent && <ChangeChip kind={row.kind} />}
      </TableCell>
      <TableCell sx={row.kind === 'removed' ? { textDecoration: 'line-through' } : undefined}>{row.before}</TableCell>
      <TableCell sx={row.kind && row.kind !== 'removed' ? { fontWeight: 600 } : undefined}>{row.after}</TableCell>
    </TableRow>
  );
}

function ChangeChip({ kind }: { kind: ChangeKind }) {
  return <Chip label={CHANGE_WORDS[kind]} color={CHANGE_COLORS[kind]} size="small" variant="outlined" sx={{ ml: 1 }} />;
}
