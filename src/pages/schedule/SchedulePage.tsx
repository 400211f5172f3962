import TodayIcon from '@mui/icons-material/Today';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '../../admin/layout/PageHeading';
import { ScheduleCalendar, type VisitRange } from './ScheduleCalendar';
import { ScheduleFilters } from './ScheduleFilters';
import { ScheduleLegend } from './ScheduleLegend';
import { serviceColors } from './serviceColors';
import { useMoveVisit } from './useMoveVisit';
import { useSeenValues } from './useSeenValues';
import { useVisits } from './useVisits';
import { VisitDetailsDialog } from './VisitDetailsDialog';
import type { Visit } from './visitQuery';

export const TODAY_ROUTE = '/schedule/today';

/**
 * /schedule (issue 40): the agreements' visits of a month, a week or a list, coloured by
 * service, narrowed to a service or a crew; a visit drags to another day, and a click opens it.
 */
export default function SchedulePage() {
  const [range, setRange] = useState<VisitRange | null>(null);
  const [service, setService] = useState('');
  const [crew, setCrew] = useState('');
  const [showSkipped, setShowSkipped] = useState(true);
  const [openID, setOpenID] = useState<number | null>(null);
  const filters = useMemo(() => ({ services: service ? [service] : [], crews: crew ? [crew] : [] }), [service, crew]);
  const { data: visits = [] } = useVisits(range, filters);
  const moveVisit = useMoveVisit();

  const services = useSeenValues(visits, (visit) => visit.lineName, service);
  const crews = useSeenValues(visits, (visit) => visit.crew, crew);
  const colors = useMemo(() => serviceColors(services), [services]);
  const shown = useMemo(() => (showSkipped ? visits : visits.filter((visit) => visit.status !== 'skipped')), [visits, showSkipped]);
  const shownServices = useMemo(() => [...new Set(shown.map((visit) => visit.lineName))].sort(), [shown]);
  // The open visit as last fetched (its version after a change elsewhere).
  const open = visits.find((visit) => visit.id === openID);

  const onRange = useCallback(
    (next: VisitRange) => setRange((current) => (current?.from === next.from && current.to === next.to ? current : next)),
    [],
  );
  const onOpen = useCallback((visit: Visit) => setOpenID(visit.id), []);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <PageHeading>Schedule</PageHeading>
        <Button component={RouterLink} to={TODAY_ROUTE} variant="outlined" startIcon={<TodayIcon />}>
          Today
        </Button>
      </Stack>
      <ScheduleFilters
        services={services}
        crews={crews}
        service={service}
        crew={crew}
        showSkipped={showSkipped}
        onService={setService}
        onCrew={setCrew}
        onShowSkipped={setShowSkipped}
      />
      <ScheduleLegend services={shownServices} colors={colors} />
      <ScheduleCalendar visits={shown} colors={colors} onRange={onRange} onOpen={onOpen} onMove={(move) => void moveVisit(move)} />
      {open && <VisitDetailsDialog key={open.id} visit={open} onClose={() => setOpenID(null)} />}
    </Box>
  );
}
