import PlaceIcon from '@mui/icons-material/Place';
import { lazyScreen } from '../../custom/lazyScreen';

/** `<Resource name="sites" {...sitesResource} />` */
export const sitesResource = {
  list: lazyScreen(() => import('./SiteList'), 'SiteList'),
  edit: lazyScreen(() => import('./SiteEdit'), 'SiteEdit'),
  icon: PlaceIcon,
};
