import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { roleChoices, roleLabels, type UserAccount, type UserRole } from '../../../schema/userAccount';

interface RoleCellProps {
  account: UserAccount;
  /** An admin changes roles here; for staff the role is only shown. */
  editable: boolean;
  disabled?: boolean;
  onChange: (account: UserAccount, role: UserRole) => void;
}

/** Settings › Users' Role column: a select for an admin, the role's name for staff. */
export function RoleCell({ account, editable, disabled, onChange }: RoleCellProps) {
  if (!editable) return <>{roleLabels[account.role]}</>;
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={account.role}
      disabled={disabled}
      onChange={(event) => {
        if (event.target.value !== account.role) onChange(account, event.target.value as UserRole);
      }}
      slotProps={{ htmlInput: { 'aria-label': `Role of ${account.username}` } }}
    >
      {roleChoices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
