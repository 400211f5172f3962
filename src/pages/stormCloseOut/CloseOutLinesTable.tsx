import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { exactOrZero, roundToNumber, sum } from '../../domain/decimal';
import { formatMoney } from '../../domain/money';
import type { CloseOutLine } from './useStormCloseOut';

const total = (lines: readonly CloseOutLine[], key: 'amount' | 'tax') => roundToNumber(sum(lines.map((line) => exactOrZero(line[key]))), 2);

/** The billing lines a close-out makes (or made): one per site and priced line, with the totals. */
export function CloseOutLinesTable({ lines, label }: { lines: readonly CloseOutLine[]; label: string }) {
  if (!lines.length)
    return (
      <Typography sx={{ px: 2, pb: 2 }} role="status">
        No billing lines: nothing billable was logged, or the snow contracts bill by the season.
      </Typography>
    );
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Customer</TableCell>
            <TableCell>Site</TableCell>
            <TableCell>Description</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right">Rate</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">Tax</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell>{line.customerName}</TableCell>
              <TableCell>{line.siteName}</TableCell>
              <TableCell>{line.description}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">{formatMoney(line.rate)}</TableCell>
              <TableCell align="right">{formatMoney(line.amount)}</TableCell>
              <TableCell align="right">{formatMoney(line.tax)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={5}>Total</TableCell>
            <TableCell align="right">{formatMoney(total(lines, 'amount'))}</TableCell>
            <TableCell align="right">{formatMoney(total(lines, 'tax'))}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
