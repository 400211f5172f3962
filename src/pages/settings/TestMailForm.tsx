import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useAction } from '../../admin/alerts/useAction';
import { actionErrors } from '../../schema/actions/checkBody';
import { sendTestMail } from '../../schema/actions/companyMail';
import { actionContext } from '../../providers/actionClient';

/** Send test email: proves the saved settings reach a mailbox (the server's own error when they do not). */
export function TestMailForm() {
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | undefined>();
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const notify = useNotify();
  const sending = useAction(async (address: string) => {
    await dataProvider.sendTestMail({ to: address });
    notify(`Test email sent to ${address.trim()}.`, { type: 'success' });
  });

  const send = () => {
    const problem = actionErrors(sendTestMail, { to }, actionContext()).to;
    setError(problem);
    if (!problem) void sending.run(to);
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label="Send a test to"
        type="email"
        size="small"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'Uses the saved settings.'}
        sx={{ flexGrow: 1 }}
      />
      <Button variant="outlined" onClick={send} loading={sending.isPending}>
        Send test email
      </Button>
    </Stack>
  );
}
