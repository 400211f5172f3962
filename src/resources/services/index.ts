import HandymanIcon from '@mui/icons-material/Handyman';
import { ServiceList } from './ServiceList';

/** `<Resource name="services" {...servicesResource} />` */
export const servicesResource = { list: ServiceList, icon: HandymanIcon };
