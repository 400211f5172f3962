import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { Identifier } from 'react-admin';
import { formatMoney } from '../../../../domain/money';
import { SNOW_BASIS_LABELS, snowSeasonLabel, type SnowPricing } from '../../../../domain/snowPricing';
import { pastSeasonCost, saltAboveRate, saltPerThousandPerEvent, sheetBases } from '../../../../domain/snowHistoryFigures';
import { useSnowHistory } from './useSnowHistory';

const TITLE_ID = 'past-winters-cost-title';

/** Salt per 1,000 ft² per event, flagged in the warning colour, with words, when above the company's rate. */
function SaltCell({ perThousand, saltRate }: { perThousand: number | null; saltRate: number | null }) {
  if (perThousand === null) return <TableCell align="right">—</TableCell>;
  const above = saltAboveRate(perThousand, saltRate);
  return (
    <TableCell align="right" sx={above ? { color: 'warning.main', fontWeight: 600 } : undefined}>
      {perThousand} lb{above ? ` — above the ${saltRate} lb rate` : ''}
    </TableCell>
  );
}

/** Why the salt column cannot say everything: the site's paved area or the company's salt rate not set. */
function saltNotes(pavedArea: number | null, saltRate: number | null): string[] {
  const notes: string[] = [];
  if (!pavedArea) notes.push("Salt per 1,000 ft² needs the site's paved area, which is not set.");
  if (saltRate === null || saltRate === undefined)
    notes.push('No salt rate is set (Settings › Company › Costing), so the salt spread is not compared with one.');
  return notes;
}

/**
 * "What you would have paid" (issue 41), under a snow area's items: the site's past winters
 * priced by the area's sheet — events, inches, the cost by basis and in all — and the salt
 * spread per 1,000 ft² per event against the company's salt rate.
 */
export function PastWintersCost({ sheet, siteId }: { sheet: SnowPricing; siteId: Identifier | null | undefined }) {
  const { data: history, isPending } = useSnowHistory(siteId);
  const bases = sheetBases(sheet);
  const seasons = history?.seasons ?? [];
  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ mt: 2 }}>
      <Typography id={TITLE_ID} variant="subtitle1" component="h3">
        What you would have paid
      </Typography>
      {isPending ? (
        <Typography variant="body2" color="text.secondary">
          Loading past winters…
        </Typography>
      ) : !history || seasons.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No past winter on record at this site: nothing to compare this sheet with yet.
        </Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Past winters under this sheet">
              <TableHead>
                <TableRow>
                  <TableCell>Season</TableCell>
                  <TableCell align="right">Events</TableCell>
                  <TableCell align="right">Inches</TableCell>
                  {bases.map((basis) => (
                    <TableCell key={basis} align="right">
                      {SNOW_BASIS_LABELS[basis]}
                    </TableCell>
                  ))}
                  <TableCell align="right">Total</TableCell>
                  <TableCell align="right">Salt per 1,000 ft² per event</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {seasons.map((season) => {
                  const cost = pastSeasonCost(sheet, season.storms);
                  return (
                    <TableRow key={season.season}>
                      <TableCell component="th" scope="row">
                        {snowSeasonLabel(season.season)}
                      </TableCell>
                      <TableCell align="right">{season.events}</TableCell>
                      <TableCell align="right">{season.inches}</TableCell>
                      {bases.map((basis) => (
                        <TableCell key={basis} align="right">
                          {formatMoney(cost.byBasis[basis] ?? 0)}
                        </TableCell>
                      ))}
                      <TableCell align="right">{formatMoney(cost.total)}</TableCell>
                      <SaltCell perThousand={saltPerThousandPerEvent(season, history.pavedArea)} saltRate={history.saltRate} />
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
          {history.saltRate !== null && history.saltRate !== undefined && (
            <Typography variant="caption" color="text.secondary" component="p">
              Company salt rate: {history.saltRate} lb per 1,000 ft² per event.
            </Typography>
          )}
          {saltNotes(history.pavedArea, history.saltRate).map((note) => (
            <Typography key={note} variant="caption" color="text.secondary" component="p">
              {note}
            </Typography>
          ))}
        </>
      )}
    </Box>
  );
}
