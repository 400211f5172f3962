import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardHeader,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import VerifiedIcon from '@mui/icons-material/Verified';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import type { Identifier } from 'react-admin';
import { snowSeasonLabel } from '../../domain/snowPricing';
import { formatDateTime } from '../../admin/lists/fieldCells';
import { useFileDownload } from '../../admin/downloads/useFileDownload';
import { currentSnowSeason } from '../storms/snowClock';
import { depthText, servicesText, shortHash, visitTimes } from '../storms/snowVisit';
import { snowReportPath, useSiteSnowLog, useVerifySnowLog, type SnowLogCheck, type SnowLogEntry } from './useSiteSnowLog';

/** Seasons offered: this one and the five before it. */
const SEASONS_BACK = 5;

function CheckResult({ check }: { check: SnowLogCheck }) {
  if (check.valid)
    return (
      <Alert severity="success" sx={{ mx: 2, mb: 2 }}>
        The log is intact: {check.entries} {check.entries === 1 ? 'entry' : 'entries'} checked
        {check.head ? `, head ${shortHash(check.head)}` : ''}.
      </Alert>
    );
  return (
    <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
      The log does not check out
      {check.mismatch ? ` at entry ${check.mismatch.sequence}: ${check.mismatch.problem}` : ''}.
    </Alert>
  );
}

function EntryRow({ entry, byId }: { entry: SnowLogEntry; byId: Map<number, SnowLogEntry> }) {
  const corrected = entry.correctedBy !== null;
  return (
    <TableRow>
      <TableCell>{entry.sequence}</TableCell>
      <TableCell>{entry.stormName}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', ...(corrected ? { textDecoration: 'line-through' } : {}) }}>
        {visitTimes(entry, true)}
      </TableCell>
      <TableCell>{servicesText(entry.services)}</TableCell>
      <TableCell align="right">{depthText(entry.depth)}</TableCell>
      <TableCell>{entry.crew}</TableCell>
      <TableCell>
        {formatDateTime(entry.recordedAt)}
        <Typography variant="caption" component="div" color="text.secondary">
          {entry.recordedByName}
        </Typography>
      </TableCell>
      <TableCell>
        {entry.corrects !== null
          ? `Corrects entry ${byId.get(entry.corrects)?.sequence ?? entry.corrects}: ${entry.reason ?? ''}`
          : corrected
            ? `Corrected by entry ${byId.get(entry.correctedBy!)?.sequence ?? entry.correctedBy}`
            : ''}
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }} title={entry.hash}>
        {shortHash(entry.hash)}
      </TableCell>
    </TableRow>
  );
}

/**
 * A site's snow log (issue 41), season by season: every entry as recorded, corrections beside
 * what they correct, the hash chain checked on demand, and the season's report as a PDF.
 */
export function SiteSnowLogCard({ siteId }: { siteId: Identifier }) {
  const [thisSeason] = useState(currentSnowSeason);
  const [season, setSeason] = useState(thisSeason);
  const { data: log } = useSiteSnowLog(siteId, season);
  const verify = useVerifySnowLog(siteId);
  const { download, busy } = useFileDownload();
  const entries = log?.entries ?? [];
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const seasons = Array.from({ length: SEASONS_BACK + 1 }, (_, back) => thisSeason - back);
  const check = verify.data && verify.variables === season ? verify.data : undefined;
  return (
    <Card>
      <CardHeader title={`Snow log (${entries.length})`} slotProps={{ title: { component: 'h2' } }} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', px: 2, pb: 2 }}>
        <TextField select size="small" label="Season" value={season} onChange={(event) => setSeason(Number(event.target.value))}>
          {seasons.map((value) => (
            <MenuItem key={value} value={value}>
              {snowSeasonLabel(value)}
            </MenuItem>
          ))}
        </TextField>
        <Button startIcon={<VerifiedIcon />} disabled={verify.isPending} onClick={() => verify.mutate(season)}>
          Verify chain
        </Button>
        <Button
          startIcon={<PictureAsPdfIcon />}
          disabled={busy}
          onClick={() => void download(snowReportPath(siteId), { season }).catch(() => undefined)}
        >
          Season report (PDF)
        </Button>
      </Box>
      {check && <CheckResult check={check} />}
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          No snow visit logged in {snowSeasonLabel(season)}.
        </Typography>
      ) : (
        <TableContainer tabIndex={0} role="region" aria-label="Snow log" sx={{ maxHeight: 420 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Storm</TableCell>
                <TableCell>Arrival – departure</TableCell>
                <TableCell>Services</TableCell>
                <TableCell align="right">Depth</TableCell>
                <TableCell>Crew</TableCell>
                <TableCell>Recorded</TableCell>
                <TableCell>Correction</TableCell>
                <TableCell>Hash</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} byId={byId} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
