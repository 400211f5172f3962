import { useState } from 'react';
import { Box, Card, CardContent, IconButton, Stack, Typography } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useNotify } from 'react-admin';
import { PavedAreaInput } from './PavedAreaInput';
import { useSaveRoute, type BoardSite } from './useStormBoard';

export const ROUTE_SAVED = 'Route order saved';

/** `ids` with the one at `index` swapped with its neighbour `by` (-1 up, +1 down). */
export function moved<T>(ids: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by], next[index]];
  return next;
}

/**
 * The route's order, first to last, each move saved at once (PUT /api/snowRoute), and each
 * site's paved area. The order shows as moved while it saves; a refusal brings the saved one back.
 */
export function RouteOrderList({ sites }: { sites: readonly BoardSite[] }) {
  const notify = useNotify();
  const saveRoute = useSaveRoute();
  const [order, setOrder] = useState<number[] | null>(null);
  const bySite = new Map(sites.map((site) => [site.siteID, site]));
  const ids = order?.every((id) => bySite.has(id)) && order.length === sites.length ? order : sites.map((site) => site.siteID);
  const move = async (index: number, by: -1 | 1) => {
    const next = moved(ids, index, by);
    setOrder(next);
    try {
      await saveRoute.mutateAsync(next);
      notify(ROUTE_SAVED, { type: 'success' });
    } catch {
      setOrder(null);
    }
  };
  return (
    <Stack spacing={1} component="ol" aria-label="Route order" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {ids.map((id, index) => {
        const site = bySite.get(id)!;
        return (
          <Card component="li" key={id} variant="outlined" aria-label={site.siteName}>
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="h6" component="span" sx={{ minWidth: 32 }}>
                  {index + 1}.
                </Typography>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{site.siteName}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {site.customerName}
                  </Typography>
                </Box>
                <IconButton
                  size="large"
                  aria-label={`Move ${site.siteName} up`}
                  disabled={index === 0 || saveRoute.isPending}
                  onClick={() => void move(index, -1)}
                >
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  size="large"
                  aria-label={`Move ${site.siteName} down`}
                  disabled={index === ids.length - 1 || saveRoute.isPending}
                  onClick={() => void move(index, 1)}
                >
                  <ArrowDownwardIcon />
                </IconButton>
              </Stack>
              <PavedAreaInput site={site} />
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
