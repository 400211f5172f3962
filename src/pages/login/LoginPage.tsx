import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { HttpError, useAuthProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { AlertArea } from '../../admin/alerts/AlertArea';
import { clearAlert } from '../../admin/alerts/alertStore';
import { useReportFailure } from '../../admin/alerts/useReportFailure';
import { Logo } from '../../admin/layout/Logo';
import { useDocumentTitle } from '../../admin/layout/documentTitle';
import { noteRouteChange } from '../../admin/layout/routeFocus';

export const AFTER_LOGIN_ROUTE = '/home';

/**
 * Sign-in (SPEC §2 "Login"): username, password, Login; success → /home, replacing history (or
 * User Settings after a one-time password, which must be changed first).
 */
export function LoginPage() {
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const reportFailure = useReportFailure();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  useDocumentTitle('Sign in');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!authProvider || submitting) return;
    setSubmitting(true);
    try {
      const signedIn: unknown = await authProvider.login({ username, password });
      // A one-time password: the password change first (the auth provider says where).
      const redirectTo = (signedIn as { redirectTo?: unknown } | undefined)?.redirectTo;
      const next = typeof redirectTo === 'string' ? redirectTo : AFTER_LOGIN_ROUTE;
      // Forget what was cached before signing in: the "not signed in" answer (the shell would
      // sign out again) and any data of an earlier session.
      queryClient.clear();
      // A warning about an earlier attempt has nothing to say once signed in.
      clearAlert();
      // The form is gone: focus goes to the home screen's heading, not to the page's top.
      noteRouteChange(next);
      navigate(next, { replace: true });
    } catch (error) {
      // A refused sign-in (wrong password, throttling): the server's message as a warning, a 401
      // included (SPEC §8). Anything else says what went wrong.
      if (error instanceof HttpError) reportFailure(error, { signingIn: true });
      else notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      setSubmitting(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AlertArea />
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 4, sm: 10 }, px: 2 }}>
        <Card sx={{ width: '100%', maxWidth: 380 }}>
          <CardContent>
            <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2, color: 'primary.dark' }}>
              <Logo linked={false} showName />
            </Box>
            <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <TextField
                label="Username"
                name="username"
                autoComplete="username"
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                required
                // Signing in is this page's only task: the username field takes the first keystroke.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
              />
              <TextField
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                required
              />
              <Button
                type="submit"
                variant="contained"
                disabled={submitting}
                startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                Login
              </Button>
            </Box>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
