import { useState } from 'react';
import { Alert, Box, Button, Card, CardHeader, CircularProgress, Link, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { useGetOne, useNotify } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageHeading } from '../../admin/layout/PageHeading';
import { formatDateTime } from '../../admin/lists/fieldCells';
import { localDateTime } from '../../resources/storms/snowClock';
import { CloseOutLinesTable } from './CloseOutLinesTable';
import { CloseOutSitesTable } from './CloseOutSitesTable';
import { useCloseOut, useCloseOutPreview, type CloseOutLine } from './useStormCloseOut';

export const CLOSED_OUT = 'Storm closed out';

/** The billing month ('YYYY-MM') the lines fall in: the first line's date, else the storm's start. */
function billingMonth(lines: readonly CloseOutLine[], start: string | undefined): string | undefined {
  if (lines.length) return lines[0].date.slice(0, 7);
  return start ? localDateTime(new Date(start)).slice(0, 7) : undefined;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * /storms/:id/closeOut (issue 41): each contracted site with the visits logged, the sites with
 * none flagged, then Close out storm: the visits priced by each site's snow contract and stored
 * as billing lines of the month, handed over with the month's other billing.
 */
export default function StormCloseOutPage() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const { data: storm } = useGetOne('storms', { id });
  const { data: preview, isPending } = useCloseOutPreview(id);
  const closeOut = useCloseOut(id);
  const [made, setMade] = useState<CloseOutLine[] | null>(null);
  const run = async () => {
    const answer = await closeOut.mutateAsync();
    setMade(answer.lines);
    notify(CLOSED_OUT, { type: 'success' });
  };
  const missing = preview?.missing ?? [];
  const lines = made ?? preview?.lines ?? [];
  const month = billingMonth(lines, storm?.start);
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box>
        <Button component={RouterLink} to={`/storms/${id}`} startIcon={<ArrowBackIcon />} size="small">
          Storm
        </Button>
      </Box>
      <PageHeading documentTitle={storm ? `${storm.name} — close out` : 'Close out'}>
        Close out{storm?.name ? `: ${storm.name}` : ''}
      </PageHeading>
      {isPending ? (
        <CircularProgress aria-label="Loading the close-out" />
      ) : !preview ? (
        <Alert severity="error">The storm's close-out could not be loaded.</Alert>
      ) : (
        <>
          {preview.closedOutAt && !made && <Alert severity="info">Closed out {formatDateTime(preview.closedOutAt)}.</Alert>}
          {missing.length > 0 && (
            <Alert severity="warning" role="alert">
              No visit logged at {plural(missing.length, 'contracted site')}: check with the crews before closing out.
            </Alert>
          )}
          <Card>
            <CardHeader
              title={`Visits by site (${preview.sites.length})`}
              slotProps={{ title: { component: 'h2', variant: 'subtitle1' } }}
              action={
                <Link component={RouterLink} to={`/storms/${id}/board`} sx={{ mr: 1 }}>
                  Storm board
                </Link>
              }
            />
            <CloseOutSitesTable sites={preview.sites} missing={missing} />
          </Card>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <Button
              variant="contained"
              size="large"
              startIcon={<FactCheckIcon />}
              disabled={closeOut.isPending}
              onClick={() => void run().catch(() => undefined)}
            >
              {preview.closedOutAt ? 'Close out storm again' : 'Close out storm'}
            </Button>
            {month && (made || preview.closedOutAt) && (
              <Link component={RouterLink} to={`/billing?month=${month}`}>
                Billing for {month}
              </Link>
            )}
          </Box>
          <Card>
            <CardHeader
              title={
                made ? `Billing lines made (${made.length})` : preview.closedOutAt ? 'Billing lines stored' : 'Billing lines it will make'
              }
              slotProps={{ title: { component: 'h2', variant: 'subtitle1' } }}
            />
            <CloseOutLinesTable lines={lines} label="Billing lines" />
            {made && (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
                Stored with the month's billing, for the next export to accounting.
              </Typography>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
