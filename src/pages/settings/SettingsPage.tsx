import { Box, Card, Link, Typography } from '@mui/material';
import { PageHeading } from '../../admin/layout/PageHeading';
import { APP_VERSION } from '../../domain/constants';
import { REFERENCE_PATH } from '../../domain/apiContract';
import { TabStrip } from '../../admin/tabs/TabStrip';
import { settingsTabs } from './settingsTabs';

/** /settings (SPEC §2): 'Version x.y.z', then one tab per settings area; only the chosen panel is mounted. */
export default function SettingsPage() {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading documentTitle="Settings">Version {APP_VERSION}</PageHeading>
      <Typography variant="body2" sx={{ mb: 2 }}>
        <Link href={REFERENCE_PATH} target="_blank" rel="noopener">
          API reference
        </Link>{' '}
        for connecting other software to Yardstick
      </Typography>
      <Card>
        <TabStrip name="Settings tabs" idPrefix="settings" tabs={settingsTabs} panelProps={{}} panelSx={{ p: 2 }} />
      </Card>
    </Box>
  );
}
