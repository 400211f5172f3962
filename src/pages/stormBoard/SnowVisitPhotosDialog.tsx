import { Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, type Theme } from '@mui/material';
import { PhotoGallery } from '../../resources/photos/PhotoGallery';
import type { SnowVisit } from '../../resources/storms/snowVisit';

/**
 * A log entry's photos (issue 42): what the crew saw on site — the lot as found, the piles, a
 * hazard — taken from the board on a phone. The entry itself never changes; its photos are added beside it.
 */
export function SnowVisitPhotosDialog({ visit, onClose }: { visit: SnowVisit | null; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={visit !== null} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="snow-visit-photos-title">
      <DialogTitle id="snow-visit-photos-title">Photos of visit {visit?.sequence}</DialogTitle>
      <DialogContent>{visit ? <PhotoGallery owner="snowVisits" ownerID={visit.id} /> : null}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
