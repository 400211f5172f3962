import { Chip, Link, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { exactOrZero, roundToNumber, sum } from '../../domain/decimal';
import { formatMoney } from '../../domain/money';
import type { BillingLine } from './useBilling';

const SOURCE_LABELS: Record<BillingLine['source'], string> = {
  installment: 'Installment',
  visit: 'Visit',
  timeAndMaterials: 'Time & materials',
  event: 'Storm',
};

const total = (lines: readonly BillingLine[], key: 'amount' | 'tax') => roundToNumber(sum(lines.map((line) => exactOrZero(line[key]))), 2);

/** The month's billing lines with their totals; an exported line names its export. */
export function BillingLinesTable({ lines, loading }: { lines: readonly BillingLine[]; loading: boolean }) {
  if (!loading && !lines.length)
    return (
      <Typography sx={{ px: 2, pb: 2 }} role="status">
        Nothing to bill this month.
      </Typography>
    );
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Billing lines">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell>Agreement</TableCell>
            <TableCell>Description</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right">Rate</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">Tax</TableCell>
            <TableCell>Source</TableCell>
            <TableCell>Exported</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell>{line.date}</TableCell>
              <TableCell>{line.customerName}</TableCell>
              <TableCell>
                <Link component={RouterLink} to={`/agreements/${line.agreementID}`}>
                  {line.agreementNumber}
                </Link>
              </TableCell>
              <TableCell>{line.description}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">{formatMoney(line.rate)}</TableCell>
              <TableCell align="right">{formatMoney(line.amount)}</TableCell>
              <TableCell align="right">{formatMoney(line.tax)}</TableCell>
              <TableCell>{SOURCE_LABELS[line.source]}</TableCell>
              <TableCell>{line.exportID === null ? '' : <Chip size="small" label={`Export ${line.exportID}`} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={6}>Total</TableCell>
            <TableCell align="right">{formatMoney(total(lines, 'amount'))}</TableCell>
            <TableCell align="right">{formatMoney(total(lines, 'tax'))}</TableCell>
            <TableCell colSpan={2} />
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
