import { Card, CardHeader, Chip, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useAgreementVisits } from './useAgreement';

const STATUS_COLORS = { planned: 'default', done: 'success', skipped: 'warning' } as const;

/** The agreement's visits by date (issue 40), to the Schedule where they are moved and done. */
export function AgreementVisitsCard({ agreementId }: { agreementId: Identifier }) {
  const { data: visits = [] } = useAgreementVisits(agreementId);
  return (
    <Card>
      <CardHeader
        title={`Visits (${visits.length})`}
        slotProps={{ title: { component: 'h2' } }}
        action={
          <Link component={RouterLink} to="/schedule" sx={{ mr: 1 }}>
            Open the Schedule
          </Link>
        }
      />
      <TableContainer sx={{ maxHeight: 420 }} tabIndex={0} role="region" aria-label="Visits">
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Work Area</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Crew</TableCell>
              <TableCell align="right">Hours</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visits.map((visit) => (
              <TableRow key={visit.id}>
                <TableCell>{visit.date}</TableCell>
                <TableCell>{visit.lineName}</TableCell>
                <TableCell>
                  <Chip size="small" label={visit.status} color={STATUS_COLORS[visit.status]} />
                  {visit.billed && <Chip size="small" label="Billed" sx={{ ml: 0.5 }} />}
                </TableCell>
                <TableCell>{visit.crew}</TableCell>
                <TableCell align="right">{visit.actualHours ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
