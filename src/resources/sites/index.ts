import PlaceIcon from '@mui/icons-material/Place';
import { SiteEdit } from './SiteEdit';
import { SiteList } from './SiteList';

/** `<Resource name="sites" {...sitesResource} />` */
export const sitesResource = { list: SiteList, edit: SiteEdit, icon: PlaceIcon };
