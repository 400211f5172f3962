import { useState } from 'react';
import { Alert, Button, Card, CardHeader, Chip, Table, TableBody, TableCell, TableHead, TableRow, TableContainer } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import type { Identifier } from 'react-admin';
import { BILLING_BASIS_LABELS } from '../../domain/agreements';
import { scheduleCheck } from '../../domain/agreementSchedule';
import { formatMoney } from '../../domain/money';
import { useAgreement, useAgreementVisits, type AgreementLine } from './useAgreement';
import { AgreementLineDialog } from './AgreementLineDialog';
import { lineTerms } from './lineTerms';

/**
 * The agreement's lines (issue 40): each accepted work area at its signed price, how it is
 * billed, and the live check that the schedules add up to the contract value.
 */
export function AgreementLinesCard({ agreementId }: { agreementId: Identifier }) {
  const { data: agreement } = useAgreement(agreementId);
  const { data: visits = [] } = useAgreementVisits(agreementId);
  const [editing, setEditing] = useState<AgreementLine | null>(null);
  if (!agreement) return null;
  const term = { startDate: agreement.startDate, endDate: agreement.endDate };
  const counts: Record<number, number> = {};
  for (const visit of visits) if (visit.status !== 'skipped') counts[visit.lineID] = (counts[visit.lineID] ?? 0) + 1;
  const check = scheduleCheck(agreement.lines, counts, term);
  return (
    <Card>
      <CardHeader title={`Lines (${agreement.lines.length})`} slotProps={{ title: { component: 'h2' } }} />
      <TableContainer>
        <Table size="small" aria-label="Lines">
          <TableHead>
            <TableRow>
              <TableCell>Work Area</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Tax</TableCell>
              <TableCell>Billed</TableCell>
              <TableCell>Schedule</TableCell>
              <TableCell align="right">Scheduled</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {agreement.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell>{line.name}</TableCell>
                <TableCell align="right">{formatMoney(line.amount)}</TableCell>
                <TableCell>{line.taxCode}</TableCell>
                <TableCell>
                  {BILLING_BASIS_LABELS[line.basis]}
                  {line.billed && <Chip size="small" label="Billed" sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{lineTerms(line, counts[line.id] ?? 0, term)}</TableCell>
                <TableCell align="right">{formatMoney(check.lines[line.id])}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    startIcon={<EditIcon />}
                    disabled={line.billed || agreement.status === 'cancelled'}
                    onClick={() => setEditing(line)}
                    aria-label={`Edit ${line.name}`}
                  >
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Alert severity={check.difference === 0 ? 'success' : 'warning'} role="status" sx={{ m: 2 }}>
        {check.difference === 0
          ? `The schedules add up to the contract value, ${formatMoney(check.contractValue)}.`
          : `The schedules add up to ${formatMoney(check.scheduled)}: ${formatMoney(Math.abs(check.difference))} ${check.difference > 0 ? 'over' : 'under'} the contract value of ${formatMoney(check.contractValue)}.`}
      </Alert>
      {editing && <AgreementLineDialog line={editing} term={term} onClose={() => setEditing(null)} />}
    </Card>
  );
}
