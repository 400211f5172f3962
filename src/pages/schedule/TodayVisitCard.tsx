import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { colorOf } from './serviceColors';
import { VisitCompletionControls, VisitStatusChip } from './VisitCompletionControls';
import type { Visit } from './visitQuery';

/** A search for the address in the phone's maps (Google Maps' cross-platform URL). */
export const mapsLink = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** One of today's visits for the crew: who, where (a maps link), what; Hours with Done, or Skip. */
export function TodayVisitCard({ visit, colors }: { visit: Visit; colors: Map<string, string> }) {
  const address = visit.siteAddress || visit.siteName;
  return (
    <Card
      component="article"
      aria-label={`${visit.lineName} at ${visit.customerName}`}
      variant="outlined"
      sx={{ borderLeft: 6, borderLeftColor: colorOf(colors, visit.lineName), opacity: visit.status === 'skipped' ? 0.7 : 1 }}
    >
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {visit.customerName}
          </Typography>
          {visit.status !== 'planned' && <VisitStatusChip visit={visit} />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {visit.lineName}
        </Typography>
        {address && (
          <Link href={mapsLink(address)} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'block', my: 1 }}>
            {address}
          </Link>
        )}
        {visit.notes && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', mb: 1 }}>
            {visit.notes}
          </Typography>
        )}
        {visit.status === 'planned' && <VisitCompletionControls visit={visit} />}
      </CardContent>
    </Card>
  );
}
