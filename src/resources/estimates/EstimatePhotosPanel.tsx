import { Box } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { PhotoGallery } from '../photos/PhotoGallery';
import { SitePhotoOffer } from '../photos/SitePhotoOffer';

/** The estimate's photos (issue 42): those ticked "On proposal" print on it; its site's photos are offered. */
export function EstimatePhotosPanel({ estimate }: { estimate: RaRecord }) {
  return (
    <Box component="section" sx={{ mt: 2 }}>
      <PhotoGallery owner="estimates" ownerID={estimate.id} printable>
        {estimate.siteID ? <SitePhotoOffer estimateId={estimate.id} siteId={estimate.siteID} /> : null}
      </PhotoGallery>
    </Box>
  );
}
