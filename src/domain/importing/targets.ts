/**
 * What an import writes (issue 25): the kinds, and for each the target fields a file's column
 * can be mapped to. A target names a field of one record the row makes (`record`) and the
 * field's name in that record's declaration (src/schema), so the server checks each value
 * with the forms' own rules and messages.
 */
export const IMPORT_KINDS = ['customers', 'contacts', 'sites', 'items'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const isImportKind = (value: unknown): value is ImportKind =>
  typeof value === 'string' && (IMPORT_KINDS as readonly string[]).includes(value);

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  customers: 'Customers (with a contact and a site)',
  contacts: 'Contacts of customers',
  sites: 'Sites of customers',
  items: 'Item catalog',
};

/** The records a row can make: the customer, its contact, its site, a catalogue item. */
export type ImportRecord = 'customer' | 'contact' | 'site' | 'item';

export interface ImportTarget {
  /** The key of the mapping and of the preview's `field`. */
  key: string;
  label: string;
  record: ImportRecord;
  /** The field of the record's declaration; absent for a target the import splits (a full name, "City, State Zip"). */
  field?: string;
  /** A custom field's key (issue 38): its value goes to the record's `custom`. */
  customKey?: string;
}

/** The target that splits one "City, ST ZIP" cell into the city, the state and the zip (issue 35). */
export const CITY_STATE_ZIP = 'cityStateZip';
/** A third street line (QuickBooks' address blocks have five): it joins address 2 once the name lines are dropped. */
export const ADDRESS_LINE_3 = 'address3';

const t = (key: string, label: string, record: ImportRecord, field?: string): ImportTarget => ({ key, label, record, field });

/** `address1` with the prefix `site`: `siteAddress1`. */
const prefixed = (prefix: string, name: string) => (prefix ? `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name);

const address = (prefix: string, labelPrefix: string, record: ImportRecord): ImportTarget[] =>
  (
    [
      ['address1', 'Address 1'],
      ['address2', 'Address 2'],
      [ADDRESS_LINE_3, 'Address 3', 'split'],
      ['city', 'City'],
      ['county', 'County'],
      ['state', 'State'],
      ['zip', 'Zip'],
      [CITY_STATE_ZIP, 'City, State Zip', 'split'],
    ] as const
  ).map(([field, label, split]) => t(prefixed(prefix, field), `${labelPrefix}${label}`, record, split ? undefined : field));

/** The record's field a target without one fills (`siteCityStateZip` → `cityStateZip`, `contactFullName` → `fullName`). */
export function targetFieldName(target: ImportTarget): string {
  if (target.field) return target.field;
  const bare = target.key.replace(/^(contact|site|customer)(?=[A-Z])/, '');
  return bare.charAt(0).toLowerCase() + bare.slice(1);
}

/** A contact's fields; `fullName` is split into first and last names when those are not mapped. */
const contactTargets = (prefix: string, labelPrefix: string): ImportTarget[] =>
  (
    [
      ['fullName', 'Full Name', undefined],
      ['firstName', 'First Name', 'firstName'],
      ['lastName', 'Last Name', 'lastName'],
      ['phone', 'Phone', 'phone'],
      ['phoneExtension', 'Extension', 'phoneExtension'],
      ['email', 'Email', 'email'],
    ] as const
  ).map(([key, label, field]) => t(prefixed(prefix, key), `${labelPrefix}${label}`, 'contact', field));

export const IMPORT_TARGETS: Record<ImportKind, ImportTarget[]> = {
  customers: [
    t('name', 'Customer Name', 'customer', 'name'),
    t('type', 'Lead or Client', 'customer', 'type'),
    ...address('', '', 'customer'),
    ...contactTargets('contact', 'Contact '),
    t('siteName', 'Site Name', 'site', 'name'),
    ...address('site', 'Site ', 'site'),
    t('siteNotes', 'Site Notes', 'site', 'notes'),
  ],
  contacts: [
    t('customerName', 'Customer Name', 'customer', 'name'),
    ...address('customer', 'Customer ', 'customer'),
    ...contactTargets('', ''),
  ],
  sites: [
    t('customerName', 'Customer Name', 'customer', 'name'),
    t('name', 'Site Name', 'site', 'name'),
    ...address('', '', 'site'),
    t('notes', 'Notes', 'site', 'notes'),
  ],
  items: [
    t('name', 'Name', 'item', 'name'),
    t('description', 'Description', 'item', 'description'),
    t('units', 'Units', 'item', 'units'),
    t('cost', 'Cost', 'item', 'cost'),
    t('price', 'Price', 'item', 'price'),
    t('kind', 'Kind', 'item', 'kind'),
    t('hoursPerUnit', 'Hours per Unit', 'item', 'hoursPerUnit'),
  ],
};

/** The record a row of each kind is about: its custom fields (issue 38) are targets too. */
export const MAIN_RECORD: Record<ImportKind, ImportRecord> = { customers: 'customer', contacts: 'contact', sites: 'site', items: 'item' };
/** The entity of that record, whose custom fields the import offers. */
export const MAIN_ENTITY: Record<ImportKind, 'customers' | 'contacts' | 'sites' | 'itemCatalog'> = {
  customers: 'customers',
  contacts: 'contacts',
  sites: 'sites',
  items: 'itemCatalog',
};

/**
 * A kind's targets with the main record's custom fields after the declared ones, keyed
 * `custom.<key>` (issue 38: an admin's fields are import targets as declared ones are).
 */
export function importTargets(kind: ImportKind, custom: readonly { key: string; label: string }[] = []): ImportTarget[] {
  return [
    ...IMPORT_TARGETS[kind],
    ...custom.map(({ key, label }) => ({ key: `custom.${key}`, label, record: MAIN_RECORD[kind], customKey: key })),
  ];
}

/** The duplicates modes (issue 25): skip the row, update the existing record, or create anyway. */
export const DUPLICATE_MODES = ['skip', 'update', 'create'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];
export const isDuplicateMode = (value: unknown): value is DuplicateMode =>
  typeof value === 'string' && (DUPLICATE_MODES as readonly string[]).includes(value);

/** A mapping: target key → the file's column (its header), or null for "Not imported". */
export type ImportMapping = Record<string, string | null>;

/** Limits of an uploaded file. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_COLUMNS = 200;
