import type { RaRecord } from 'react-admin';

/** A work area as GET /estimates/:id/workAreas lists it (src/schema/workAreas.ts). */
export interface WorkAreaRecord extends RaRecord {
  estimateID: number;
  name: string;
  tax: string;
  isIncluded: boolean;
  notes: string | null;
  subtotal: number;
  version?: number;
}

/** A priced line of a work area (src/schema/workAreaItems.ts). */
export interface WorkAreaItemRecord extends RaRecord {
  workAreaID: number;
  itemID: number | null;
  name: string;
  size: number | null;
  quantity: number | null;
  units: string | null;
  unitCost: number | null;
  unitPrice: number | null;
  totalCost: number;
  totalPrice: number;
  version?: number;
}

/** A catalogue item as the item picker offers it. */
export interface CatalogItemRecord extends RaRecord {
  name: string;
  units: string | null;
  cost: number;
  price: number;
}
