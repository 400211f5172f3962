import { useState } from 'react';
import { Box, Button, Chip, List, ListItem, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { SnowVisitPhotosDialog } from './SnowVisitPhotosDialog';
import { depthText, materialText, passesText, servicesText, visitTimes, type SnowVisit } from '../../resources/storms/snowVisit';

/** One entry's facts in a line: times, services, passes, material, depth, crew. */
export function visitFacts(visit: SnowVisit): string {
  return [
    visitTimes(visit),
    servicesText(visit.services),
    passesText(visit.passes),
    materialText(visit.material),
    depthText(visit.depth),
    visit.crew,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The visits logged at a site this storm, oldest first. A corrected entry stays, struck
 * through, beside the correction that replaced it (with its reason); a standing one offers Correct….
 */
export function SnowVisitEntries({ visits, onCorrect }: { visits: readonly SnowVisit[]; onCorrect?: (visit: SnowVisit) => void }) {
  const [photosOf, setPhotosOf] = useState<SnowVisit | null>(null);
  if (!visits.length)
    return (
      <Typography variant="body2" color="text.secondary">
        No visit logged yet.
      </Typography>
    );
  const byId = new Map(visits.map((visit) => [visit.id, visit]));
  return (
    <>
      <List dense disablePadding aria-label="Visits logged">
        {[...visits]
          .sort((a, b) => a.sequence - b.sequence)
          .map((visit) => {
            const corrected = visit.correctedBy !== null;
            const original = visit.corrects === null ? undefined : byId.get(visit.corrects);
            return (
              <ListItem
                key={visit.id}
                disableGutters
                aria-label={`Visit ${visit.sequence}${corrected ? ' (corrected)' : ''}`}
                sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', borderTop: 1, borderColor: 'divider', py: 1 }}
              >
                <Box sx={{ flex: 1, minWidth: 200 }}>
                  <Typography variant="body2" sx={corrected ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}>
                    {visitFacts(visit)}
                  </Typography>
                  {visit.corrects !== null && (
                    <Typography variant="caption" color="text.secondary" component="p">
                      Correction of entry {original?.sequence ?? visit.corrects}: {visit.reason}
                    </Typography>
                  )}
                  {visit.notes && (
                    <Typography variant="caption" component="p" sx={{ whiteSpace: 'pre-line' }}>
                      {visit.notes}
                    </Typography>
                  )}
                </Box>
                <Button
                  size="large"
                  sx={{ minHeight: 48 }}
                  startIcon={<PhotoCameraIcon />}
                  aria-label={`Photos of visit ${visit.sequence}`}
                  onClick={() => setPhotosOf(visit)}
                >
                  Photos
                </Button>
                {corrected ? (
                  <Chip size="small" label="Corrected" color="warning" variant="outlined" />
                ) : (
                  onCorrect && (
                    <Button size="large" variant="outlined" sx={{ minHeight: 48 }} onClick={() => onCorrect(visit)}>
                      Correct…
                    </Button>
                  )
                )}
              </ListItem>
            );
          })}
      </List>
      <SnowVisitPhotosDialog visit={photosOf} onClose={() => setPhotosOf(null)} />
    </>
  );
}
