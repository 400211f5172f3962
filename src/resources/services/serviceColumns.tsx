import type { RaRecord } from 'react-admin';
import { services } from '../../schema';
import { declaredColumns } from '../../admin/lists/fieldCells';

/** Name, Description, Start Date, End Date and Recurring, each sortable. */
export const serviceColumns = declaredColumns<RaRecord>(services);
