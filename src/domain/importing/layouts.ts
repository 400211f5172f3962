import { normalizeHeader, suggestMapping } from './headerMapping';
import type { ImportKind, ImportMapping } from './targets';

/**
 * The exports of the programs an office moves from (issue 35), recognised by their header rows:
 * a preset mapping per layout, which the wizard offers as "Looks like a QuickBooks Desktop
 * customer list". The header rows are those the programs write (tests/fixtures/imports/README.md
 * names the sources); a layout is recognised when every header of its signature is present.
 */
export interface ImportLayout {
  id: 'quickbooksDesktop' | 'jobber' | 'outlook' | 'googleContacts';
  /** What the file is, after "Looks like a". */
  label: string;
  kind: ImportKind;
  /** Headers (normalised) that all appear in this layout's exports. */
  signature: string[];
  /** Target key → the layout's header(s), the first present taken. */
  preset: Record<string, string[]>;
  /** Lead or Client when the file does not say (a program's customer list holds clients). */
  defaultType?: 'Lead' | 'Client';
  /** An address book: a person without a company is a customer under their own name. */
  namedAfterContact?: boolean;
}

export const IMPORT_LAYOUTS: readonly ImportLayout[] = [
  {
    id: 'quickbooksDesktop',
    label: 'QuickBooks Desktop customer list',
    kind: 'customers',
    signature: ['active status', 'customer', 'main email', 'bill to 1', 'bill to 3', 'ship to 1'],
    preset: {
      name: ['Customer'],
      type: ['Customer Type'],
      // The bill-to block: its name line is dropped, its "City, ST ZIP" line split (addressLines.ts).
      address1: ['Bill to 1'],
      address2: ['Bill to 2'],
      address3: ['Bill to 3'],
      cityStateZip: ['Bill to 4'],
      contactFirstName: ['First Name'],
      contactLastName: ['Last Name'],
      contactPhone: ['Main Phone'],
      contactEmail: ['Main Email'],
      siteAddress1: ['Ship to 1'],
      siteAddress2: ['Ship to 2'],
      siteAddress3: ['Ship to 3'],
      siteCityStateZip: ['Ship to 4'],
    },
    defaultType: 'Client',
  },
  {
    id: 'jobber',
    label: 'Jobber client list',
    kind: 'customers',
    signature: ['j id', 'display name', 'main phone s', 'e mails'],
    preset: {
      name: ['Display Name', 'Company Name'],
      address1: ['Billing Street 1'],
      address2: ['Billing Street 2'],
      city: ['Billing City'],
      state: ['Billing State'],
      zip: ['Billing Zip code'],
      contactFirstName: ['First Name'],
      contactLastName: ['Last Name'],
      contactPhone: ['Main Phone #s', 'Mobile Phone #s'],
      contactEmail: ['E-mails'],
      siteName: ['Service Property Name'],
      siteAddress1: ['Service Street 1'],
      siteAddress2: ['Service Street 2'],
      siteCity: ['Service City'],
      siteState: ['Service State'],
      siteZip: ['Service Zip code'],
    },
    defaultType: 'Client',
    namedAfterContact: true,
  },
  {
    id: 'outlook',
    label: 'Outlook contacts export',
    kind: 'customers',
    signature: ['first name', 'last name', 'e mail address', 'business street', 'home street'],
    preset: {
      name: ['Company'],
      address1: ['Business Street'],
      address2: ['Business Street 2'],
      city: ['Business City'],
      state: ['Business State'],
      zip: ['Business Postal Code'],
      contactFirstName: ['First Name'],
      contactLastName: ['Last Name'],
      contactPhone: ['Business Phone', 'Primary Phone', 'Mobile Phone'],
      contactEmail: ['E-mail Address'],
      // The home address is where the work is; a person without a business address is a customer there too.
      siteAddress1: ['Home Street'],
      siteAddress2: ['Home Street 2'],
      siteCity: ['Home City'],
      siteState: ['Home State'],
      siteZip: ['Home Postal Code'],
    },
    namedAfterContact: true,
  },
  {
    id: 'googleContacts',
    label: 'Google Contacts export',
    kind: 'customers',
    signature: ['e mail 1 value', 'phone 1 value'],
    preset: {
      name: ['Organization 1 - Name', 'Organization Name'],
      address1: ['Address 1 - Street'],
      city: ['Address 1 - City'],
      state: ['Address 1 - Region'],
      zip: ['Address 1 - Postal Code'],
      contactFirstName: ['Given Name', 'First Name'],
      contactLastName: ['Family Name', 'Last Name'],
      contactPhone: ['Phone 1 - Value'],
      contactEmail: ['E-mail 1 - Value'],
    },
    namedAfterContact: true,
  },
];

/** The layout a file of this kind is an export of, by its headers; null for any other file. */
export function detectLayout(kind: ImportKind, headers: readonly string[]): ImportLayout | null {
  const present = new Set(headers.map(normalizeHeader));
  return IMPORT_LAYOUTS.find((layout) => layout.kind === kind && layout.signature.every((h) => present.has(h))) ?? null;
}

/** What the wizard says of a recognised file. */
export const layoutMessage = (layout: Pick<ImportLayout, 'label'>): string =>
  `Looks like ${/^[AEIOU]/i.test(layout.label) ? 'an' : 'a'} ${layout.label}`;

/**
 * The mapping suggested for a file: the layout's preset where the file is a known export (each
 * preset column taken from the guesses of other targets), else the guesses from the headers.
 */
export function suggestImport(kind: ImportKind, headers: readonly string[]): { layout: ImportLayout | null; mapping: ImportMapping } {
  const mapping = suggestMapping(kind, headers);
  const layout = detectLayout(kind, headers);
  if (!layout) return { layout, mapping };
  const byNormal = new Map(headers.map((h) => [normalizeHeader(h), h]));
  for (const [key, candidates] of Object.entries(layout.preset)) {
    if (!(key in mapping)) continue;
    const column = candidates.map((c) => byNormal.get(normalizeHeader(c))).find((c) => c !== undefined) ?? null;
    if (column === null) continue;
    for (const other of Object.keys(mapping)) if (mapping[other] === column) mapping[other] = null;
    mapping[key] = column;
  }
  return { layout, mapping };
}
