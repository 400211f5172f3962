import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { shownHours, VisitCompletionControls } from './VisitCompletionControls';
import { visitTitle, type Visit } from './visitQuery';

const TITLE_ID = 'visit-details-title';

/** "Wed, Jun 10, 2026" for 2026-06-10 (noon: the same day in any time zone). */
const shownDay = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/** A visit clicked on the calendar: who, where, what, its crew, hours and notes, its agreement; Done or Skip while planned. */
export function VisitDetailsDialog({ visit, onClose }: { visit: Visit; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby={TITLE_ID} fullWidth maxWidth="xs">
      <DialogTitle id={TITLE_ID}>{visitTitle(visit)}</DialogTitle>
      <DialogContent>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          <Detail term="Customer">{visit.customerName}</Detail>
          <Detail term="Site">{[visit.siteName, visit.siteAddress].filter(Boolean).join(', ')}</Detail>
          <Detail term="Service">{visit.lineName}</Detail>
          <Detail term="Date">
            {shownDay(visit.date)}
            {visit.plannedDate !== visit.date && ` (planned for ${shownDay(visit.plannedDate)})`}
          </Detail>
          <Detail term="Status">{visit.status[0].toUpperCase() + visit.status.slice(1)}</Detail>
          <Detail term="Crew">{visit.crew || 'None'}</Detail>
          <Detail term="Hours">{shownHours(visit.actualHours) || 'None'}</Detail>
          {visit.notes && <Detail term="Notes">{visit.notes}</Detail>}
          <Detail term="Agreement">
            <Link component={RouterLink} to={`/agreements/${visit.agreementID}`}>
              Agreement {visit.agreementNumber}
            </Link>
          </Detail>
        </Stack>
        <Stack sx={{ mt: 2 }}>
          <VisitCompletionControls visit={visit} onChanged={onClose} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 88 }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Stack>
  );
}
