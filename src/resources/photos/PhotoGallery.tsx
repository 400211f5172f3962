import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, CardHeader, LinearProgress, Typography } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useNotify, type Identifier } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { PHOTO_ACCEPT, type PhotoOwner, type PhotoRecord } from '../../domain/photos';
import { ConfirmDialog } from '../../admin/forms/ConfirmDialog';
import { useDialogState } from '../../admin/forms/useDialogState';
import { useApiAction } from '../../admin/actions/useApiAction';
import { PhotoLightbox } from './PhotoLightbox';
import { PhotoTile } from './PhotoTile';
import { photosKey, usePhotos } from './usePhotos';
import { usePhotoUpload } from './usePhotoUpload';

export const DELETE_PHOTO_QUESTION = 'Are you sure you would like to delete this photo?';

interface PhotoGalleryProps {
  owner: PhotoOwner;
  ownerID: Identifier;
  title?: string;
  /** Offer "On proposal" on each photo. */
  printable?: boolean;
  /** Beneath the gallery (the estimate's site photos to use). */
  children?: ReactNode;
}

/**
 * The photos of a site, an estimate or a work area (issue 42): Take photo (a phone's camera) and
 * Add photos (several files), each thumbnail opening the large version, with its caption, its
 * place and whether it prints on the proposal.
 */
export function PhotoGallery({ owner, ownerID, title = 'Photos', printable = false, children }: PhotoGalleryProps) {
  const { data: photos = [], isPending } = usePhotos(owner, ownerID);
  const { upload, progress } = usePhotoUpload(owner, ownerID);
  const update = useApiAction('updatePhoto');
  const remove = useApiAction('deletePhoto');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const confirm = useDialogState<PhotoRecord>();
  const [open, setOpen] = useState<number | null>(null);
  const [moving, setMoving] = useState(false);
  const camera = useRef<HTMLInputElement>(null);
  const files = useRef<HTMLInputElement>(null);

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same files chosen again are a new choice
    void upload(picked);
  };

  const failed = (error: unknown) => notify((error as Error).message, { type: 'warning' });

  /** Writes a change and puts the stored photo in the gallery at once: the next change carries its new version. */
  const save = async (photo: PhotoRecord, change: { caption?: string; printOnProposal?: boolean; order?: number }) => {
    const stored = await update.mutateAsync([photo.id, { ...change, version: photo.version }]);
    queryClient.setQueryData<PhotoRecord[]>(photosKey(owner, ownerID), (list) =>
      list?.map((known) => (known.id === stored.id ? stored : known)),
    );
    return stored;
  };

  /** Swaps a photo with its neighbour and numbers the gallery from 0 (only the photos that moved are written). */
  const move = async (index: number, by: -1 | 1) => {
    const order = [...photos];
    [order[index], order[index + by]] = [order[index + by], order[index]];
    setMoving(true);
    try {
      for (const [position, photo] of order.entries()) {
        if (photo.order !== position) await save(photo, { order: position });
      }
    } catch (error) {
      failed(error);
    } finally {
      setMoving(false);
    }
  };

  const busy = moving || update.isPending || progress !== null;
  return (
    <Card>
      <CardHeader title={title} sx={{ pb: 0 }} />
      {/* Below the title, not beside it: on a phone the two buttons wrap instead of running off the card. */}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', px: 2, pt: 1 }}>
        <Button startIcon={<PhotoCameraIcon />} onClick={() => camera.current?.click()} disabled={progress !== null}>
          Take photo
        </Button>
        <Button startIcon={<AddPhotoAlternateIcon />} onClick={() => files.current?.click()} disabled={progress !== null}>
          Add photos
        </Button>
      </Box>
      <input
        ref={camera}
        type="file"
        accept={PHOTO_ACCEPT}
        capture="environment"
        hidden
        onChange={chosen}
        data-testid={`${owner}-camera`}
      />
      <input ref={files} type="file" accept={PHOTO_ACCEPT} multiple hidden onChange={chosen} aria-label={`${title}: add photos`} />
      {progress ? (
        <Box sx={{ px: 2 }} role="status">
          <Typography variant="body2">
            Uploading {Math.min(progress.done + 1, progress.total)} of {progress.total}…
          </Typography>
          <LinearProgress variant="determinate" value={(progress.done / progress.total) * 100} />
        </Box>
      ) : null}
      <CardContent>
        {photos.length === 0 ? (
          // Its line is kept while the photos load, so that their answer moves nothing below (layout shift).
          <Typography variant="body2" color="text.secondary" sx={{ visibility: isPending ? 'hidden' : 'visible' }}>
            No photos yet.
          </Typography>
        ) : null}
        <Box
          component="ul"
          aria-label={title}
          sx={{ m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
        >
          {photos.map((photo, index) => (
            <PhotoTile
              key={`${photo.id}-${photo.version}`}
              photo={photo}
              printable={printable}
              first={index === 0}
              last={index === photos.length - 1}
              busy={busy}
              onOpen={() => setOpen(index)}
              onMove={(by) => void move(index, by)}
              onDelete={() => confirm.open(photo)}
              onChange={(change) => save(photo, change).catch(failed)}
            />
          ))}
        </Box>
        {children}
      </CardContent>
      <PhotoLightbox photos={photos} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      <ConfirmDialog
        open={confirm.isOpen}
        message={DELETE_PHOTO_QUESTION}
        isPending={remove.isPending}
        onConfirm={() =>
          confirm.value &&
          remove
            .mutateAsync([confirm.value.id])
            .then(() => notify('Photo deleted', { type: 'success' }))
            .catch(failed)
            .finally(confirm.close)
        }
        onClose={confirm.close}
      />
    </Card>
  );
}
