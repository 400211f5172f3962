import { useState } from 'react';
import { Stack, Typography } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useGetIdentity, useNotify } from 'react-admin';
import { ROLE_LABEL, roleLabels, type NewUserAccount, type UserAccount, type UserRole } from '../../../schema/userAccount';
import { ConfirmDialog } from '../../../admin/forms/ConfirmDialog';
import { useDialogState } from '../../../admin/forms/useDialogState';
import { RecordDataTable } from '../../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../../admin/lists/columns';
import { NewUserDialog } from './NewUserDialog';
import { OneTimePasswordDialog, type OneTimePassword } from './OneTimePasswordDialog';
import { userAccountColumns } from './userAccountColumns';
import { useUserAccounts } from './useUserAccounts';
import { useAction } from '../../../admin/alerts/useAction';
import { useAccess } from '../../../admin/auth/useAccess';
import { AdminOnlyButton, AdminOnlyNotice } from '../AdminOnly';
import { RoleCell } from './RoleCell';

/** Why one's own row cannot be reset or disabled here. */
const OWN_ROW_REASON = 'Change your own password under User Settings; another administrator disables your account.';

type Confirmation = { kind: 'reset' | 'disable'; account: UserAccount };

const confirmations = {
  reset: {
    title: 'Reset Password',
    confirmLabel: 'Reset Password',
    message: (a: UserAccount) => `Reset the password of ${a.username}? They are signed out everywhere and get a new one-time password.`,
  },
  disable: {
    title: 'Disable User',
    confirmLabel: 'Disable',
    message: (a: UserAccount) => `Disable ${a.username}? They are signed out everywhere and cannot sign in until enabled again.`,
  },
};

/**
 * Settings › Users (beyond SPEC): who can sign in and their role, and the office's own way to add
 * a colleague, reset a forgotten password, disable or re-enable a user and set their role — an
 * admin's tasks (issue 26): staff see the list read-only. Nobody disables or resets themselves
 * here (User Settings changes one's own password).
 */
export function UsersTab() {
  const { accounts, add, resetPassword, setActive, setRole } = useUserAccounts();
  const { isAdmin } = useAccess();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const newUser = useDialogState();
  const confirm = useDialogState();
  // Kept after closing, so the texts stay while the dialog fades out.
  const [pending, setPending] = useState<Confirmation | null>(null);
  const ask = (confirmation: Confirmation) => {
    setPending(confirmation);
    confirm.open(true);
  };
  const [shownPassword, setShownPassword] = useState<OneTimePassword | null>(null);

  const addUser = async (user: NewUserAccount) => {
    const { account, password } = await add.mutateAsync([user]);
    newUser.close();
    notify('User Added', { type: 'success' });
    setShownPassword({ username: account.username, password, reason: 'added' });
  };

  const confirmed = useAction(async ({ kind, account }: Confirmation) => {
    if (kind === 'reset') {
      const { password } = await resetPassword.mutateAsync([account.id]);
      notify('Password Reset', { type: 'success' });
      setShownPassword({ username: account.username, password, reason: 'reset' });
    } else {
      await setActive.mutateAsync([account.id, { active: false }]);
      notify('User Disabled', { type: 'success' });
    }
  });
  const enable = useAction(async (account: UserAccount) => {
    await setActive.mutateAsync([account.id, { active: true }]);
    notify('User Enabled', { type: 'success' });
  });
  const changeRole = useAction(async (account: UserAccount, role: UserRole) => {
    await setRole.mutateAsync([account.id, { role }]);
    notify(`${account.username} is now ${roleLabels[role]}`, { type: 'success' });
  });

  const roleColumn: ListColumn<UserAccount> = {
    source: 'role',
    label: ROLE_LABEL,
    render: (account) => <RoleCell account={account} editable={isAdmin} disabled={setRole.isPending} onChange={changeRole.run} />,
  };

  const actions: ListColumn<UserAccount> = {
    source: 'actions',
    label: 'Actions',
    render: (account) => {
      const isMe = identity?.id === account.id;
      return (
        <Stack direction="row" spacing={1}>
          <AdminOnlyButton
            size="small"
            disabledReason={isMe ? OWN_ROW_REASON : undefined}
            onClick={() => ask({ kind: 'reset', account })}
            aria-label={`Reset the password of ${account.username}`}
          >
            Reset Password
          </AdminOnlyButton>
          {account.active ? (
            <AdminOnlyButton
              size="small"
              color="error"
              disabledReason={isMe ? OWN_ROW_REASON : undefined}
              onClick={() => ask({ kind: 'disable', account })}
              aria-label={`Disable ${account.username}`}
            >
              Disable
            </AdminOnlyButton>
          ) : (
            <AdminOnlyButton
              size="small"
              onClick={() => enable.run(account)}
              disabled={setActive.isPending}
              aria-label={`Enable ${account.username}`}
            >
              Enable
            </AdminOnlyButton>
          )}
          {isMe && (
            <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
              (you)
            </Typography>
          )}
        </Stack>
      );
    },
  };

  const texts = pending && confirmations[pending.kind];
  return (
    <>
      <AdminOnlyNotice />
      <Stack direction="row" justifyContent="flex-end" sx={{ mb: 1 }}>
        <AdminOnlyButton variant="contained" startIcon={<PersonAddIcon />} onClick={() => newUser.open(true)}>
          Add User
        </AdminOnlyButton>
      </Stack>
      <RecordDataTable<UserAccount>
        columns={[...userAccountColumns, roleColumn, actions]}
        rows={accounts.data}
        isPending={accounts.isPending}
        emptyText="No users."
        aria-label="Users"
      />
      <NewUserDialog open={newUser.isOpen} onClose={newUser.close} onSave={addUser} />
      <ConfirmDialog
        open={confirm.isOpen}
        title={texts?.title}
        confirmLabel={texts?.confirmLabel}
        message={pending && texts ? texts.message(pending.account) : ''}
        isPending={resetPassword.isPending || setActive.isPending}
        onConfirm={() => pending && confirmed.run(pending).then(confirm.close)}
        onClose={confirm.close}
      />
      <OneTimePasswordDialog value={shownPassword} onClose={() => setShownPassword(null)} />
    </>
  );
}
