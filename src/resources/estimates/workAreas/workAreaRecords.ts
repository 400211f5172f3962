import type { RecordOf } from '../../../schema/recordTypes';
import type { items, workAreaItems, workAreas } from '../../../schema';

/** A work area as GET /estimates/:id/workAreas lists it: its declaration's record. */
export type WorkAreaRecord = RecordOf<typeof workAreas>;

/** A priced line of a work area: its declaration's record. */
export type WorkAreaItemRecord = RecordOf<typeof workAreaItems>;

/** A catalogue item as the item picker offers it. */
export type CatalogItemRecord = Pick<RecordOf<typeof items>, 'id' | 'name' | 'units' | 'cost' | 'price' | 'kind' | 'hoursPerUnit'>;
