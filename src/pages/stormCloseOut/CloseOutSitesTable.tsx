import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { depthText, materialText, servicesText, visitTimes } from '../../resources/storms/snowVisit';
import type { CloseOutSite } from './useStormCloseOut';

export const NO_VISIT = 'No visit logged';

/** Each contracted site with its standing visits; a site with none is flagged, to be checked before billing. */
export function CloseOutSitesTable({ sites, missing }: { sites: readonly CloseOutSite[]; missing: readonly number[] }) {
  const unvisited = new Set(missing);
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Sites and visits">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Site</TableCell>
            <TableCell>Times</TableCell>
            <TableCell>Services</TableCell>
            <TableCell align="right">Passes</TableCell>
            <TableCell>Material</TableCell>
            <TableCell align="right">Depth</TableCell>
            <TableCell>Crew</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sites.map((site) => {
            const name = (
              <>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {site.siteName}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {site.customerName} · {site.agreementNumber}
                </Typography>
              </>
            );
            if (unvisited.has(site.siteID) || !site.visits.length)
              return (
                <TableRow key={site.siteID} aria-label={site.siteName} sx={{ bgcolor: 'warning.light' }}>
                  <TableCell>{name}</TableCell>
                  <TableCell colSpan={6}>
                    <Chip icon={<WarningAmberIcon />} color="warning" label={NO_VISIT} />
                  </TableCell>
                </TableRow>
              );
            return site.visits.map((visit, index) => (
              <TableRow key={visit.id} aria-label={index === 0 ? site.siteName : undefined}>
                <TableCell>{index === 0 ? name : ''}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{visitTimes(visit)}</TableCell>
                <TableCell>{servicesText(visit.services)}</TableCell>
                <TableCell align="right">{visit.passes}</TableCell>
                <TableCell>{materialText(visit.material)}</TableCell>
                <TableCell align="right">{depthText(visit.depth)}</TableCell>
                <TableCell>{visit.crew}</TableCell>
              </TableRow>
            ));
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
