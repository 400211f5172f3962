import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '../../admin/layout/PageHeading';
import { serviceColors } from './serviceColors';
import { TodayVisitCard } from './TodayVisitCard';
import { useStoredCrew } from './useStoredCrew';
import { useVisits } from './useVisits';
import { localDay, type Visit } from './visitQuery';

const NO_CREW = 'No crew';

/** The visits by crew, crews in order, the visits without one last. */
function byCrew(visits: Visit[]): [string, Visit[]][] {
  const groups = new Map<string, Visit[]>();
  for (const visit of visits) groups.set(visit.crew, [...(groups.get(visit.crew) ?? []), visit]);
  return [...groups].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
}

/**
 * /schedule/today (issue 40): today's visits for a crew lead's phone, grouped by crew, each
 * marked done with the hours worked or skipped; the crew chosen is remembered on the device.
 */
export default function TodayPage() {
  const [today] = useState(() => localDay(new Date()));
  const [crew, setCrew] = useStoredCrew();
  const { data: visits, isPending } = useVisits({ from: today, to: today });
  const crews = useMemo(
    () => [...new Set([...(visits ?? []).map((visit) => visit.crew).filter(Boolean), ...(crew ? [crew] : [])])].sort(),
    [visits, crew],
  );
  const colors = useMemo(() => serviceColors((visits ?? []).map((visit) => visit.lineName)), [visits]);
  const groups = useMemo(() => byCrew((visits ?? []).filter((visit) => !crew || visit.crew === crew)), [visits, crew]);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640, mx: 'auto' }}>
      <Button component={RouterLink} to="/schedule" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        Schedule
      </Button>
      <PageHeading documentTitle="Today">Today</PageHeading>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {new Date(`${today}T12:00:00`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' })}
      </Typography>
      <TextField
        select
        fullWidth
        size="small"
        label="Crew"
        value={crew}
        onChange={(event) => setCrew(event.target.value)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ mb: 2 }}
      >
        <MenuItem value="">All crews</MenuItem>
        {crews.map((name) => (
          <MenuItem key={name} value={name}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      {isPending ? (
        <CircularProgress aria-label="Loading today’s visits" />
      ) : groups.length === 0 ? (
        <Typography>No visits today{crew ? ` for ${crew}` : ''}.</Typography>
      ) : (
        groups.map(([name, crewVisits]) => (
          <Box component="section" key={name} aria-label={name || NO_CREW} sx={{ mb: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {name || NO_CREW}
            </Typography>
            <Stack spacing={1.5}>
              {crewVisits.map((visit) => (
                <TodayVisitCard key={visit.id} visit={visit} colors={colors} />
              ))}
            </Stack>
          </Box>
        ))
      )}
    </Box>
  );
}
