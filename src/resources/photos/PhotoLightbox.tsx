import { useEffect } from 'react';
import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import type { PhotoRecord } from '../../domain/photos';
import { formatDateTime } from '../../admin/lists/fieldCells';
import { usePhotoUrl } from './usePhotos';

interface PhotoLightboxProps {
  photos: PhotoRecord[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** A gallery's photo at its large size: ← and → go through the gallery, Escape closes. */
export function PhotoLightbox({ photos, index, onIndex, onClose }: PhotoLightboxProps) {
  const photo = index === null ? undefined : photos[index];
  const url = usePhotoUrl(photo?.id ?? 0, 'large', photo !== undefined);
  const step = (by: number) => index !== null && onIndex((index + by + photos.length) % photos.length);

  useEffect(() => {
    if (!photo) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') step(-1);
      if (event.key === 'ArrowRight') step(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const title = photo ? photo.caption || photo.fileName || 'Photo' : '';
  return (
    <Dialog open={photo !== undefined} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="photo-lightbox-title">
      <DialogTitle id="photo-lightbox-title" sx={{ pr: 6 }}>
        {title}
        {photos.length > 1 && index !== null ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {index + 1} of {photos.length}
          </Typography>
        ) : null}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {photos.length > 1 ? (
          <IconButton aria-label="Previous photo" onClick={() => step(-1)}>
            <ChevronLeftIcon />
          </IconButton>
        ) : null}
        <Box sx={{ flex: 1, textAlign: 'center', minHeight: 200 }}>
          {url && photo ? (
            <Box
              component="img"
              src={url}
              alt={title}
              width={photo.width}
              height={photo.height}
              sx={{ maxWidth: '100%', maxHeight: '70vh', width: 'auto', height: 'auto', objectFit: 'contain' }}
            />
          ) : (
            <CircularProgress aria-label="Loading the photo" />
          )}
          {photo?.takenAt ? (
            <Typography variant="caption" display="block" color="text.secondary">
              Taken {formatDateTime(photo.takenAt.replace('Z', ''))}
            </Typography>
          ) : null}
        </Box>
        {photos.length > 1 ? (
          <IconButton aria-label="Next photo" onClick={() => step(1)}>
            <ChevronRightIcon />
          </IconButton>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
