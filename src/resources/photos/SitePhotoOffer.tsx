import { useState } from 'react';
import { Box, Button, Checkbox, Typography } from '@mui/material';
import { useNotify, type Identifier } from 'react-admin';
import { useApiAction } from '../../admin/actions/useApiAction';
import type { PhotoRecord } from '../../domain/photos';
import { usePhotos, usePhotoUrl } from './usePhotos';

function SitePhotoChoice({ photo, checked, onToggle }: { photo: PhotoRecord; checked: boolean; onToggle: () => void }) {
  const url = usePhotoUrl(photo.id, 'thumb');
  const name = photo.caption || photo.fileName || `Photo ${photo.id}`;
  return (
    <Box component="li" sx={{ listStyle: 'none', position: 'relative' }}>
      <Box
        component="label"
        sx={{ display: 'block', cursor: 'pointer', aspectRatio: '4 / 3', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}
      >
        {url ? (
          <Box component="img" src={url} alt={name} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
        ) : null}
        <Checkbox
          checked={checked}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': `Use ${name}` } }}
          sx={{ position: 'absolute', top: 0, left: 0, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
        />
      </Box>
    </Box>
  );
}

/** The estimate's site photos, offered for its gallery: the ones ticked are copied to the estimate. */
export function SitePhotoOffer({ estimateId, siteId }: { estimateId: Identifier; siteId: Identifier }) {
  const { data: photos = [] } = usePhotos('sites', siteId);
  const copy = useApiAction('copySitePhotos');
  const notify = useNotify();
  const [chosen, setChosen] = useState<number[]>([]);
  if (!photos.length) return null;
  const toggle = (id: number) => setChosen((ids) => (ids.includes(id) ? ids.filter((known) => known !== id) : [...ids, id]));
  const use = () =>
    copy
      .mutateAsync([estimateId, { photoIDs: chosen }])
      .then((answer) => {
        setChosen([]);
        notify(answer.photos.length === 1 ? 'Photo added' : `${answer.photos.length} photos added`, { type: 'success' });
      })
      .catch((error: Error) => notify(error.message, { type: 'warning' }));
  return (
    <Box component="section" aria-label="Photos of the site" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="subtitle2">Photos of the site</Typography>
        <Button size="small" variant="outlined" disabled={!chosen.length || copy.isPending} onClick={use}>
          Use on this estimate
        </Button>
      </Box>
      <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(100px, 1fr))' }}>
        {photos.map((photo) => (
          <SitePhotoChoice key={photo.id} photo={photo} checked={chosen.includes(photo.id)} onToggle={() => toggle(photo.id)} />
        ))}
      </Box>
    </Box>
  );
}
