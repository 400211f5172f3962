import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';
import { statusLabel } from '../../domain/estimates';
import { countRatios, formatPercent, totalCount, totalPrice, type EstimateInsightList, type StatusInsight } from '../../domain/insights';
import { formatMoney } from '../../domain/money';
import { estimateListLink } from './estimateListLink';
import { statusColor } from './statusColors';

export interface EstimateStatusTableProps {
  list: EstimateInsightList;
  rows: StatusInsight[];
  /** Last 30 Days and All Time show each status's share of the count (SPEC §2 "Home"). */
  showRatio: boolean;
  title: string;
}

/** Status (linking to those estimates), count, ratio and amount, with the list's total. */
export function EstimateStatusTable({ list, rows, showRatio, title }: EstimateStatusTableProps) {
  const ratios = countRatios(rows);
  const total = totalCount(rows);
  return (
    <Table size="small" aria-label={`${title} by status`} sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}>
      <TableHead>
        <TableRow>
          <TableCell>Status</TableCell>
          <TableCell align="right">Count</TableCell>
          {showRatio && <TableCell align="right">Ratio</TableCell>}
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={row.status} hover>
            <TableCell>
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: statusColor(row.status), flexShrink: 0 }}
                />
                <Link component={RouterLink} to={estimateListLink(list, row.status)} underline="hover">
                  {statusLabel(row.status)}
                </Link>
              </Box>
            </TableCell>
            <TableCell align="right">{row.count}</TableCell>
            {showRatio && <TableCell align="right">{formatPercent(ratios[index])}</TableCell>}
            <TableCell align="right">{formatMoney(row.price)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow sx={{ '& td': { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem', borderBottom: 0 } }}>
          <TableCell>Total</TableCell>
          <TableCell align="right">{total}</TableCell>
          {showRatio && <TableCell align="right">{formatPercent(total > 0 ? 100 : 0)}</TableCell>}
          <TableCell align="right">{formatMoney(totalPrice(rows))}</TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
