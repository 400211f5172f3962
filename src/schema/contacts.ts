import { defineEntity, reference, string, text } from './defineEntity';
import { canonicalPhone, isMaskedPhone, PHONE_MESSAGE } from '../domain/phone';

export const PHONE_MAX = 14;

export const contacts = defineEntity({
  name: 'contacts',
  table: 'contacts',
  route: 'contacts',
  prefix: 'contact',
  listKey: 'contacts',
  singular: 'contact',
  plural: 'contacts',
  fields: {
    customerID: reference(
      'Customer',
      { entity: 'customers', onDelete: 'cascade' },
      { required: true, column: 'customer_id', filterable: true, hiddenInList: true },
    ),
    firstName: string('First Name', { max: 150, sortable: true, search: true }),
    lastName: string('Last Name', { required: true, max: 150, sortable: true, search: true }),
    phone: string('Phone', { max: PHONE_MAX, search: true, canonical: canonicalPhone }),
    phoneExtension: string('Extension', { max: 5 }),
    email: string('Email', { max: 254, sortable: true, search: true }),
    // Issue 35: what an import could not put in a field (a second phone or email of a list) stays here.
    notes: text('Notes', { max: 65535, hiddenInList: true }),
  },
  customFields: true,
  defaultSort: { key: 'contact_last_name', direction: 'ASC' },
  parent: { field: 'customerID', route: 'customers', entity: 'customers' },
  routes: { list: false },
  // SPEC §5: digits only, up to ten, in the form's mask; the form and the server check the same.
  // A whole number in another common shape is stored in the mask (issue 35).
  check: ({ phone }): Record<string, string> => (typeof phone === 'string' && !isMaskedPhone(phone) ? { phone: PHONE_MESSAGE } : {}),
});
