import { decimal, defineEntity, string, type FieldDef } from './defineEntity';
import { DEFAULT_TARGET_MARGIN_PERCENT, TARGET_MARGIN_MAX } from '../domain/profitability';
import { addressFields } from './addressFields';
import { PHONE_MAX } from './contacts';
import { OFFICE_TIME_ZONE } from '../domain/constants';
import { isTimeZone } from '../domain/officeDate';

/** The address block without the list behaviour (search, sort, filter) a singleton has no use for. */
const { county: _county, ...letterheadAddress } = addressFields;
const plainAddress = Object.fromEntries(
  Object.entries(letterheadAddress).map(([name, f]) => [name, { ...f, sortable: false, filterable: false, search: false }]),
) as Record<keyof typeof letterheadAddress, FieldDef>;

export const EMAIL_MAX = 254;
export const WEBSITE_MAX = 254;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WEBSITE_PATTERN = /^(https?:\/\/)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?(\/\S*)?$/i;
const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

export const companyProfileMessages = {
  email: 'Email is invalid.',
  website: 'Website is invalid.',
  phone: 'Phone must be a 10-digit number, (000) 000-0000.',
  timeZone: 'Time Zone must be a time zone name such as America/New_York.',
} as const;

/**
 * The contractor's own details (beyond SPEC): one record, printed at the top of every proposal
 * and materials list, edited on the Settings Company tab. Its routes are bespoke
 * (server/company/routes.ts: GET/PUT /api/company and the logo), so it is not in the entity
 * registry; the logo is kept beside it (server/db/tables/company.ts).
 */
export const companyProfile = defineEntity({
  name: 'companyProfile',
  table: 'company_profile',
  route: 'company',
  prefix: 'company',
  listKey: 'company',
  singular: 'company profile',
  plural: 'company profiles',
  fields: {
    name: string('Company Name', { required: true, max: 250 }),
    ...plainAddress,
    phone: string('Phone', { max: PHONE_MAX }),
    email: string('Email', { max: EMAIL_MAX }),
    website: string('Website', { max: WEBSITE_MAX }),
    // Issue 24, Settings › Company › Costing: what a crew hour costs (burdened), the overhead
    // each crew hour recovers, and the margin an estimate aims at.
    laborRate: decimal('Labor Rate', { min: 0, money: true, defaultValue: 0 }),
    overheadPerHour: decimal('Overhead per Hour', { min: 0, money: true }),
    targetMarginPercent: decimal('Target Margin', {
      min: 0,
      max: TARGET_MARGIN_MAX,
      precision: 5,
      scale: 2,
      defaultValue: DEFAULT_TARGET_MARGIN_PERCENT,
      messages: { max: 'Target Margin must be less than 100.' },
    }),
    // Issue 41: de-icer the office means to spread, lb per 1,000 ft² per event (the storm board's
    // "what you would have paid" panel flags a site salted above it).
    saltRate: decimal('Salt Rate (lb per 1,000 ft²)', { min: 0, max: 1000 }),
    // Issue 39: the office's days (Valid until, reminders' hours, expiry) are counted in it.
    timeZone: string('Time Zone', { required: true, max: 64, defaultValue: OFFICE_TIME_ZONE }),
  },
  defaultSort: { key: 'company_id', direction: 'ASC' },
  systemSortKeys: { company_id: 'id' },
  routes: { list: false, get: false, create: false, update: false, delete: false },
  check: (values) => {
    const errors: Record<string, string> = {};
    const given = (name: string) => (typeof values[name] === 'string' ? (values[name] as string).trim() : '');
    if (given('email') && !EMAIL_PATTERN.test(given('email'))) errors.email = companyProfileMessages.email;
    if (given('website') && !WEBSITE_PATTERN.test(given('website'))) errors.website = companyProfileMessages.website;
    if (given('phone') && !PHONE_PATTERN.test(given('phone'))) errors.phone = companyProfileMessages.phone;
    if (given('timeZone') && !isTimeZone(given('timeZone'))) errors.timeZone = companyProfileMessages.timeZone;
    return errors;
  },
});

/** The one row of the profile. */
export const COMPANY_PROFILE_ID = 1;
