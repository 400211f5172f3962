import type { SnowPricing } from '../../src/domain/snowPricing';
import type { PrintedFact } from '../../src/domain/proposals';

/**
 * What the printed documents are made from: plain data, read from the database by
 * loadDocumentData.ts and turned into pdfmake definitions by the pure builders.
 */

export interface PostalAddress {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export interface Letterhead extends PostalAddress {
  name: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  /** The logo as a data URL (PNG or JPEG), embedded in the PDF. */
  logo: string | null;
}

export interface Party extends PostalAddress {
  name: string;
  /** Its custom fields marked to print on proposals (issue 38). */
  printed?: PrintedFact[];
}

export interface Salesperson {
  name: string;
  phone?: string | null;
  email?: string | null;
}

export interface DocumentEstimate {
  number: number;
  /** The estimate's revision (issue 23): printed with the number as `#<number>-R<revision>`. */
  revision: number;
  createdAt: Date;
  projectName: string;
  /** Percent, 0–100. */
  discount: number;
  /** Its custom fields marked to print on proposals (issue 38), printed under the project. */
  printed?: PrintedFact[];
}

/** Who and what a document is about: the same block on proposals and materials lists. */
export interface DocumentHeading {
  company: Letterhead;
  estimate: DocumentEstimate;
  customer: Party;
  site: Party;
  salesperson: Salesperson | null;
}

export interface ProposalArea {
  /** The work area's id (what a client ticks on a sent proposal); absent in made-up data. */
  id?: number;
  name: string;
  tax: string;
  /** Sanitised rich text. */
  notes: string | null;
  /** Σ its items' prices, as stored; a snow area's: the cost of its expected season (issue 41). */
  subtotal: number;
  /** Issue 41: the area's snow price sheet, printed in plain words under it (absent in snapshots taken before). */
  snowPricing?: SnowPricing | null;
  /** Issue 42: its photos marked for the proposal, in gallery order. */
  photos?: PrintedPhoto[];
}

/** A photo marked to print on the proposal (issue 42); `image` is its large version, attached just before printing. */
export interface PrintedPhoto {
  id: number;
  caption: string;
  width: number;
  height: number;
  image?: Uint8Array;
}

/** The site's plan drawn with its shapes (issue 42), a page of its own; `image` (PNG) is attached just before printing. */
export interface PrintedPlan {
  siteID: number;
  image?: Uint8Array;
  width?: number;
  height?: number;
}

export interface ProposalTerm {
  name: string;
  /** Sanitised rich text. */
  content: string | null;
}

export interface ProposalData extends DocumentHeading {
  /** The included work areas, in the work areas panel's order. */
  areas: ProposalArea[];
  /** The chosen terms, in the order asked for. */
  terms: ProposalTerm[];
  /** Issue 42: the estimate's own photos marked for the proposal, printed after the scope of work. */
  photos?: PrintedPhoto[];
  /** Issue 42: the site's plan, when it is marked to print on proposals and has shapes. */
  plan?: PrintedPlan | null;
}

export interface MaterialLine {
  name: string;
  size: number | null;
  quantity: number;
  units: string | null;
  /** The catalogue item it was picked from, and that item's name (totals add up by item). */
  itemID?: number | null;
  itemName?: string | null;
  /** src/domain/itemKinds.ts: labour is left out of the materials, but counts in the crew hours. */
  kind?: string;
  laborHours?: number;
}

export interface MaterialsArea {
  name: string;
  items: MaterialLine[];
}

export interface MaterialsData extends DocumentHeading {
  /** The included work areas with their items, in the panel's order. */
  areas: MaterialsArea[];
}
