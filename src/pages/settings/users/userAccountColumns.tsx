import { Chip } from '@mui/material';
import type { UserAccount } from '../../../schema/userAccount';
import { newUserForm } from '../../../schema/userAccount';
import type { ListColumn } from '../../../admin/lists/columns';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** When someone last signed in, on this browser's clock; 'Never' before the first time. */
export function formatLastSignIn(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : 'Never';
}

/** The users table: username and names as declared, last sign-in, state. */
export const userAccountColumns: ListColumn<UserAccount>[] = [
  ...newUserForm.resolved.map((field) => ({ source: field.name, label: field.label })),
  { source: 'lastSignInAt', label: 'Last Sign-In', render: (account) => formatLastSignIn(account.lastSignInAt) },
  {
    source: 'active',
    label: 'Status',
    render: (account) => (account.active ? <Chip size="small" color="success" label="Active" /> : <Chip size="small" label="Disabled" />),
  },
];
