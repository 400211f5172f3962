import { useState } from 'react';
import { Box, ButtonBase, Checkbox, FormControlLabel, IconButton, Skeleton, TextField, Tooltip } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import { PHOTO_CAPTION_MAX, type PhotoRecord } from '../../domain/photos';
import { usePhotoUrl } from './usePhotos';

interface PhotoTileProps {
  photo: PhotoRecord;
  /** Offer "Print on proposal" (an estimate's and a work area's photos). */
  printable: boolean;
  first: boolean;
  last: boolean;
  busy: boolean;
  onOpen: () => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  onChange: (change: { caption?: string; printOnProposal?: boolean }) => void;
}

/** A photo in a gallery: its thumbnail (opens the lightbox), caption, print switch, order and delete. */
export function PhotoTile({ photo, printable, first, last, busy, onOpen, onMove, onDelete, onChange }: PhotoTileProps) {
  const url = usePhotoUrl(photo.id, 'thumb');
  const [caption, setCaption] = useState(photo.caption);
  // Shown ticked at once; the stored photo (a new version) replaces the tile when it is saved.
  const [printed, setPrinted] = useState(photo.printOnProposal);
  const name = photo.caption || photo.fileName || `Photo ${photo.id}`;
  return (
    <Box component="li" sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <ButtonBase
        onClick={onOpen}
        aria-label={`Open ${name}`}
        sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', bgcolor: 'action.hover' }}
      >
        {url ? (
          <Box component="img" src={url} alt={name} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
        ) : (
          <Skeleton variant="rectangular" width="100%" height="100%" />
        )}
      </ButtonBase>
      <Box sx={{ p: 1 }}>
        <TextField
          label="Caption"
          size="small"
          fullWidth
          value={caption}
          slotProps={{ htmlInput: { maxLength: PHOTO_CAPTION_MAX } }}
          onChange={(event) => setCaption(event.target.value)}
          onBlur={() => caption.trim() !== photo.caption && onChange({ caption: caption.trim() })}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault(); // a caption in a dialog's form does not submit it
            (event.target as HTMLInputElement).blur();
          }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
          {printable ? (
            <FormControlLabel
              sx={{ mr: 'auto' }}
              control={
                <Checkbox
                  size="small"
                  checked={printed}
                  disabled={busy}
                  onChange={(_, checked) => {
                    setPrinted(checked);
                    onChange({ printOnProposal: checked });
                  }}
                />
              }
              label="On proposal"
            />
          ) : (
            <Box sx={{ mr: 'auto' }} />
          )}
          <Tooltip title="Move earlier">
            <span>
              <IconButton size="small" aria-label={`Move ${name} earlier`} disabled={first || busy} onClick={() => onMove(-1)}>
                <ArrowBackIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Move later">
            <span>
              <IconButton size="small" aria-label={`Move ${name} later`} disabled={last || busy} onClick={() => onMove(1)}>
                <ArrowForwardIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Delete">
            <span>
              <IconButton size="small" aria-label={`Delete ${name}`} disabled={busy} onClick={onDelete}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      </Box>
    </Box>
  );
}
