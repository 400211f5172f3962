import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

export interface OneTimePassword {
  username: string;
  password: string;
  /** Why it was made: a new user, or a reset. */
  reason: 'added' | 'reset';
}

/** Shows a generated password once, to hand to its user (it is not kept anywhere readable). */
export function OneTimePasswordDialog({ value, onClose }: { value: OneTimePassword | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  const copy = async () => {
    await navigator.clipboard?.writeText(value!.password).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Dialog open={value !== null} onClose={close} aria-labelledby="one-time-password-title" fullWidth maxWidth="xs">
      <DialogTitle id="one-time-password-title">{value?.reason === 'reset' ? 'Password Reset' : 'User Added'}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The password of <strong>{value?.username}</strong> is below. It is shown only this once: hand it over now. They can change it
          under User Settings after signing in.
        </DialogContentText>
        <TextField
          label="One-time password"
          value={value?.password ?? ''}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
        {copied && (
          <Alert severity="success" sx={{ mt: 1 }}>
            Copied.
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          Copy
        </Button>
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
