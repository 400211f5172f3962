import type { RaRecord } from 'react-admin';
import { contacts } from '../../schema';
import { entityColumns, type ListColumn } from '../../custom/lists/columns';

/** Phone with its extension, e.g. '(215) 555-0100 x12' (SPEC §2 Contacts tab). */
export function phoneWithExtension(contact: RaRecord): string {
  const phone = contact.phone ?? '';
  return contact.phoneExtension ? `${phone} x${contact.phoneExtension}` : phone;
}

/** First name, last name, phone (with extension) and email, labelled from the declaration. */
export const contactColumns: ListColumn<RaRecord>[] = entityColumns<RaRecord>(contacts, [
  'firstName',
  'lastName',
  'phone',
  'email',
]).map((column) => (column.source === 'phone' ? { ...column, render: phoneWithExtension } : column));
