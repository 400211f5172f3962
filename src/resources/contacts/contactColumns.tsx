import type { RaRecord } from 'react-admin';
import { contacts } from '../../schema';
import { entityColumns, type ListColumn } from '../../admin/lists/columns';
import { EmailLink, PhoneLink } from '../../admin/detail/ContactLinks';

/** Phone with its extension, e.g. '(215) 555-0100 x12' (SPEC §2 Contacts tab). */
export function phoneWithExtension(contact: RaRecord): string {
  const phone = contact.phone ?? '';
  return contact.phoneExtension ? `${phone} x${contact.phoneExtension}` : phone;
}

const renderers: Record<string, ListColumn<RaRecord>['render']> = {
  phone: (contact) => (
    <PhoneLink phone={contact.phone} extension={contact.phoneExtension}>
      {phoneWithExtension(contact)}
    </PhoneLink>
  ),
  email: (contact) => <EmailLink email={contact.email} />,
};

/**
 * First name, last name, phone (with extension) and email, labelled from the declaration;
 * the phone calls (tel:) and the email writes (mailto:), without opening the row.
 */
export const contactColumns: ListColumn<RaRecord>[] = entityColumns<RaRecord>(contacts, ['firstName', 'lastName', 'phone', 'email']).map(
  (column) => (renderers[column.source] ? { ...column, render: renderers[column.source] } : column),
);
