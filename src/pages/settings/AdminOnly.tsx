import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useAccess } from '../../admin/auth/useAccess';
import { accessMessages } from '../../schema/userAccount';

/**
 * The office's settings and people are changed by an administrator (issue 26): staff see them
 * read-only. This line says so, once at the top of each such part; admins see nothing.
 */
export function AdminOnlyNotice() {
  const { isPending, isAdmin } = useAccess();
  if (isPending || isAdmin) return null;
  return (
    <Alert severity="info" role="note" sx={{ mb: 2 }}>
      {accessMessages.readOnly}
    </Alert>
  );
}

/**
 * The controls that change an office setting: as they are for an admin; for staff inside a
 * disabled fieldset, so every input and button in it reads but does not act (the server refuses
 * staff there anyway).
 */
export function AdminOnlyControls({ children }: { children: ReactNode }) {
  const { isPending, isAdmin } = useAccess();
  const readOnly = !isPending && !isAdmin;
  // Always the same element, so that knowing the role late remounts nothing (typed input stays).
  return (
    <Box
      component="fieldset"
      disabled={readOnly}
      aria-label={readOnly ? accessMessages.readOnly : undefined}
      sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'contents' }}
    >
      {children}
    </Box>
  );
}

/**
 * A button that changes the office's people or settings: for staff disabled, and shown so,
 * with the reason on hover and to a screen reader (a button inside AdminOnlyControls' fieldset
 * cannot be pressed but still looks active). `disabledReason` disables it for anyone, with
 * that reason (one's own row).
 */
export function AdminOnlyButton({ disabledReason, ...props }: ButtonProps & { disabledReason?: string }) {
  const { isPending, isAdmin } = useAccess();
  const reasonId = useId();
  const reason = !isPending && !isAdmin ? accessMessages.adminOnly : disabledReason;
  if (!reason) return <Button {...props} />;
  return (
    <Tooltip title={reason} describeChild>
      {/* A disabled button takes no pointer events: the tooltip listens on its wrapper. */}
      <span>
        <Button {...props} disabled aria-describedby={reasonId} />
        <Box component="span" id={reasonId} hidden>
          {reason}
        </Box>
      </span>
    </Tooltip>
  );
}
