import { IMPORT_TARGETS, targetFieldName, type ImportKind, type ImportMapping, type ImportRecord, type ImportTarget } from './targets';

/**
 * The mapping an import suggests from a file's headers (issue 25): each target field gets the
 * first column whose header names it, whatever the case, spacing and punctuation, by its
 * common names in exports (QuickBooks, LMN, Jobber, spreadsheets): "Company", "Customer
 * Name", "Street", "Address Line 1", "ZIP", "Postal Code", "Phone Number", "E-mail"… A header
 * may carry the record it belongs to: "Billing City" is the customer's city, "Service
 * Street" or "Ship To Zip" the site's.
 */

/** 'E-mail Address ' → 'e mail address'. */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The common names of each target's field, normalised. */
const SYNONYMS: Record<string, string[]> = {
  customerName: [
    'company',
    'company name',
    'customer',
    'customer name',
    'client',
    'client name',
    'business name',
    'account name',
    'display name',
    'name',
  ],
  address1: [
    'street',
    'street address',
    'street 1',
    'street1',
    'address',
    'address 1',
    'address1',
    'address line 1',
    'addr1',
    'line 1',
    '1',
  ],
  address2: ['address 2', 'address2', 'address line 2', 'street 2', 'street2', 'addr2', 'line 2', 'suite', 'apt', 'unit', '2'],
  address3: ['address 3', 'address3', 'address line 3', 'street 3', 'street3', 'addr3', 'line 3', '3'],
  city: ['city', 'town', 'city town'],
  county: ['county'],
  state: ['state', 'st', 'state province', 'province', 'region', 'state code'],
  zip: ['zip', 'zip code', 'zipcode', 'postal code', 'postcode', 'postal', 'zip postal code', 'zip postal'],
  fullName: ['contact', 'contact name', 'full name', 'primary contact', 'name'],
  firstName: ['first name', 'firstname', 'first', 'given name', 'fname'],
  lastName: ['last name', 'lastname', 'last', 'surname', 'family name', 'lname'],
  phone: [
    'phone',
    'phone number',
    'main phone',
    'telephone',
    'tel',
    'work phone',
    'primary phone',
    'phone 1',
    'mobile',
    'cell',
    'mobile phone',
    'cell phone',
    // Jobber: "Main Phone #s", "Mobile Phone #s" (a list of numbers; the first is taken)
    'main phone s',
    'mobile phone s',
    'phone s',
    'phones',
    'phone numbers',
  ],
  phoneExtension: ['ext', 'extension', 'phone ext', 'phone extension'],
  email: ['email', 'e mail', 'email address', 'e mail address', 'main email', 'primary email', 'e mails', 'emails', 'email addresses'],
  cityStateZip: ['city state zip', 'city state zip code', 'city st zip', 'city state postal code', 'city state'],
  type: ['customer type', 'client type', 'lead or client', 'lead client', 'type'],
  siteName: ['site', 'site name', 'property', 'property name', 'job name', 'location', 'location name'],
  notes: ['notes', 'note', 'comments', 'comment', 'memo'],
  itemName: ['name', 'item', 'item name', 'product', 'service', 'product service', 'product service name'],
  description: ['description', 'desc', 'sales description', 'item description'],
  units: ['units', 'unit', 'uom', 'unit of measure'],
  cost: ['cost', 'unit cost', 'purchase cost'],
  price: ['price', 'unit price', 'sales price', 'rate', 'sell price'],
  kind: ['kind', 'item kind'],
  hoursPerUnit: ['hours per unit', 'hours unit', 'hours', 'production rate', 'crew hours'],
};

/** The words that say which record a header belongs to, by the kind's records. */
const RECORD_PREFIXES: Record<ImportKind, Partial<Record<ImportRecord, string[]>>> = {
  customers: {
    customer: ['', 'billing', 'bill to', 'mailing', 'customer', 'company'],
    contact: ['', 'contact', 'primary contact', 'main'],
    site: ['site', 'service', 'service address', 'ship to', 'shipping', 'job', 'job site', 'property'],
  },
  contacts: { contact: ['', 'contact'], customer: ['customer', 'company', 'billing', 'bill to', ''] },
  sites: { customer: [''], site: ['', 'site', 'service', 'property', 'job'] },
  items: { item: ['', 'item'] },
};

/** Which synonyms a target answers to. */
function synonymsOf(target: ImportTarget): string[] {
  if (target.field === 'name')
    return SYNONYMS[target.record === 'customer' ? 'customerName' : target.record === 'site' ? 'siteName' : 'itemName'];
  if (target.field === 'notes') return SYNONYMS.notes;
  return SYNONYMS[targetFieldName(target)] ?? [];
}

/** Contacts first when the file is a list of contacts, so "Name" is the contact's. */
function targetsInPriority(kind: ImportKind): ImportTarget[] {
  const targets = IMPORT_TARGETS[kind];
  return kind === 'contacts'
    ? [...targets.filter((x) => x.record === 'contact'), ...targets.filter((x) => x.record !== 'contact')]
    : targets;
}

/** Normalised header → target key, first claim wins (bare names before prefixed ones). */
function headerIndex(kind: ImportKind): Map<string, string> {
  const index = new Map<string, string>();
  const targets = targetsInPriority(kind);
  for (const bare of [true, false]) {
    for (const target of targets) {
      for (const prefix of RECORD_PREFIXES[kind][target.record] ?? []) {
        if ((prefix === '') !== bare) continue;
        // A bare number ('1', '2') only names an address line after a prefix ('Bill to 1').
        for (const synonym of synonymsOf(target)) {
          if (prefix === '' && /^\d$/.test(synonym)) continue;
          const name = `${prefix} ${synonym}`.trim();
          if (!index.has(name)) index.set(name, target.key);
        }
      }
    }
  }
  return index;
}

const indexes = new Map<ImportKind, Map<string, string>>();

/**
 * The suggested mapping: every target of the kind, with the column that names it or null.
 * A column serves one target only (the first that claims it); a target takes the first column.
 */
export function suggestMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  let index = indexes.get(kind);
  if (!index) indexes.set(kind, (index = headerIndex(kind)));
  const mapping: ImportMapping = {};
  for (const target of IMPORT_TARGETS[kind]) mapping[target.key] = null;
  for (const header of headers) {
    const key = index.get(normalizeHeader(header));
    if (key && mapping[key] === null) mapping[key] = header;
  }
  return mapping;
}
