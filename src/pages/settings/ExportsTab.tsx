import { Button, Card, CardActions, CardContent, CardHeader, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { contacts } from '../../schema';
import { useFileDownload } from '../../admin/downloads/useFileDownload';

export const CONTACTS_EXPORT_TEXT = 'Download a CSV file containing all the contacts in the system.';

/** Settings › Exports (SPEC §2): the Contacts card, saving contacts_export.csv. */
export function ExportsTab() {
  const { download, busy } = useFileDownload();
  return (
    <Card variant="outlined" sx={{ maxWidth: 420 }}>
      <CardHeader title="Contacts" />
      <CardContent>
        <Typography variant="body2">{CONTACTS_EXPORT_TEXT}</Typography>
      </CardContent>
      <CardActions>
        <Button variant="contained" startIcon={<DownloadIcon />} disabled={busy} onClick={() => download(`/${contacts.route}/download`)}>
          Export
        </Button>
      </CardActions>
    </Card>
  );
}
