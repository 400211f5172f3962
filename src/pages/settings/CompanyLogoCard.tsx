import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Box, Button, Card, CardActions, CardContent, CardHeader, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { logoProblem, sniffLogoType } from '../../domain/companyLogo';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { ConfirmDialog } from '../../admin/forms/ConfirmDialog';
import { useDialogState } from '../../admin/forms/useDialogState';
import type { CompanyProfile } from '../../company/useCompanyProfile';
import { useAction } from '../../admin/alerts/useAction';
import { AdminOnlyControls } from './AdminOnly';
import { useAccess } from '../../admin/auth/useAccess';

export const LOGO_SAVED = 'Logo Saved';
export const LOGO_REMOVED = 'Logo Removed';
export const REMOVE_LOGO_QUESTION = 'Are you sure you would like to remove the logo?';

/** The stored logo as an object URL (an <img> on the API URL would carry no token). */
function useLogoUrl(profile: CompanyProfile): string | undefined {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const { data: blob } = useQuery({
    queryKey: ['companyLogo', profile.logo?.updatedAt],
    queryFn: () => dataProvider.request<Blob>('GET', '/company/logo', { responseType: 'blob' }),
    enabled: Boolean(profile.logo),
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob || !profile.logo) {
      setUrl(undefined);
      return undefined;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob, profile.logo]);
  return url;
}

/**
 * The logo printed on every proposal: a preview, Upload (PNG or JPEG, at most 1 MB, checked here
 * by content before it is sent, and again by the server) and Remove.
 */
export function CompanyLogoCard({ profile, onChanged }: { profile: CompanyProfile; onChanged: () => void }) {
  // A label, not a form control: the read-only fieldset alone would not stop it.
  const { isAdmin } = useAccess();
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const url = useLogoUrl(profile);
  const notify = useNotify();
  const confirm = useDialogState();
  const input = useRef<HTMLInputElement>(null);
  const saved = profile.version > 0;

  const { run: change, isPending: busy } = useAction(async (method: 'PUT' | 'DELETE', done: string, body?: Blob) => {
    await dataProvider.request(method, '/company/logo', { body }).finally(confirm.close);
    notify(done, { type: 'success' });
    onChanged();
  });

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again is a new choice
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = logoProblem(bytes);
    if (problem) {
      notify(problem, { type: 'warning' });
      return;
    }
    const body = new Blob([bytes], { type: sniffLogoType(bytes) });
    await change('PUT', LOGO_SAVED, body);
  };

  return (
    <Card>
      <CardHeader title="Logo" subheader="PNG or JPEG, at most 1 MB." />
      <CardContent>
        <Box sx={{ minHeight: 100, display: 'flex', alignItems: 'center' }}>
          {profile.logo ? (
            url && <Box component="img" src={url} alt="Company logo" sx={{ maxWidth: 240, maxHeight: 100, objectFit: 'contain' }} />
          ) : (
            <Typography color="text.secondary">
              {saved ? 'No logo yet.' : 'Save the company details first; the logo goes with them.'}
            </Typography>
          )}
        </Box>
      </CardContent>
      <CardActions>
        <AdminOnlyControls>
          <Button component="label" startIcon={<UploadIcon />} disabled={!saved || busy || !isAdmin}>
            {profile.logo ? 'Replace Logo' : 'Upload Logo'}
            <input ref={input} hidden type="file" accept="image/png,image/jpeg" aria-label="Logo file" onChange={upload} />
          </Button>
          {profile.logo && (
            <Button color="error" startIcon={<DeleteIcon />} disabled={busy} onClick={() => confirm.open(true)}>
              Remove Logo
            </Button>
          )}
        </AdminOnlyControls>
      </CardActions>
      <ConfirmDialog
        open={confirm.isOpen}
        title="Remove Logo"
        message={REMOVE_LOGO_QUESTION}
        confirmLabel="Remove"
        isPending={busy}
        onConfirm={() => change('DELETE', LOGO_REMOVED)}
        onClose={confirm.close}
      />
    </Card>
  );
}
