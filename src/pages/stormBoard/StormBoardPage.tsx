import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageHeading } from '../../admin/layout/PageHeading';
import { formatDateTime } from '../../admin/lists/fieldCells';
import { RouteOrderList } from './RouteOrderList';
import { StormSiteCard } from './StormSiteCard';
import { useStormBoard } from './useStormBoard';

/**
 * /storms/:id/board (issue 41): the storm's contracted sites in route order for a crew lead's
 * phone, gloved: one tap per service logs a visit (a short form, prefilled), each entry
 * correctable; Route order moves the sites and sets their paved area.
 */
export default function StormBoardPage() {
  const { id = '' } = useParams();
  const { data: board, isPending, isError } = useStormBoard(id);
  const [mode, setMode] = useState<'log' | 'route'>('log');
  const [crew, setCrew] = useState('');
  const storm = board?.storm;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640, mx: 'auto' }}>
      <Button component={RouterLink} to={`/storms/${id}`} startIcon={<ArrowBackIcon />} size="large" sx={{ mb: 1 }}>
        Storm
      </Button>
      <PageHeading documentTitle={storm ? `${storm.name} — board` : 'Storm board'}>{storm?.name ?? 'Storm board'}</PageHeading>
      {storm && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {formatDateTime(storm.start)}
          {storm.end ? ` – ${formatDateTime(storm.end)}` : ''}
          {storm.depth ? ` · ${storm.depth} in` : ''}
        </Typography>
      )}
      {storm?.closedOutAt && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Closed out {formatDateTime(storm.closedOutAt)}. A visit or correction logged now needs the close-out run again.
        </Alert>
      )}
      <ToggleButtonGroup
        exclusive
        fullWidth
        color="primary"
        value={mode}
        onChange={(_event, value: 'log' | 'route' | null) => value && setMode(value)}
        aria-label="Board mode"
        sx={{ mb: 2, '& .MuiToggleButton-root': { minHeight: 48 } }}
      >
        <ToggleButton value="log">Log visits</ToggleButton>
        <ToggleButton value="route">Route order</ToggleButton>
      </ToggleButtonGroup>
      {isPending ? (
        <CircularProgress aria-label="Loading the storm board" />
      ) : isError || !board ? (
        <Alert severity="error">The storm board could not be loaded.</Alert>
      ) : board.sites.length === 0 ? (
        <Typography>No site has a snow contract for this storm.</Typography>
      ) : mode === 'route' ? (
        <RouteOrderList sites={board.sites} />
      ) : (
        <Stack spacing={1.5}>
          {board.sites.map((site) => (
            <StormSiteCard key={site.siteID} stormId={id} site={site} crew={crew} onCrew={setCrew} />
          ))}
        </Stack>
      )}
      <Button component={RouterLink} to={`/storms/${id}/closeOut`} size="large" fullWidth sx={{ mt: 3, minHeight: 48 }}>
        Close out
      </Button>
    </Box>
  );
}
