import { string, type FieldDef } from './defineEntity';
import { US_STATES } from '../domain/states';

/** The address block shared by customers and sites (SPEC §3, §5); searched by address 1, city and zip. */
export const addressFields = {
  address1: string('Address 1', { required: true, max: 150, sortable: true, search: true }),
  address2: string('Address 2', { max: 150, sortable: true }),
  city: string('City', { required: true, max: 150, sortable: true, filterable: true, search: true }),
  county: string('County', { max: 150, filterable: true, hiddenInList: true }),
  state: string('State', {
    required: true,
    max: 2,
    choices: US_STATES.map((s) => s.abbreviation),
    sortable: true,
    filterable: true,
  }),
  zip: string('Zip', { max: 15, sortable: true, filterable: true, search: true }),
} satisfies Record<string, FieldDef>;
