import HandymanIcon from '@mui/icons-material/Handyman';
import { lazyScreen } from '../../custom/lazyScreen';

/** `<Resource name="services" {...servicesResource} />` */
export const servicesResource = { list: lazyScreen(() => import('./ServiceList'), 'ServiceList'), icon: HandymanIcon };
