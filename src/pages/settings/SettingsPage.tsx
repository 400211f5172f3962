import { useState } from 'react';
import { Box, Card, Link, Tab, Tabs, Typography } from '@mui/material';
import { PageHeading } from '../../admin/layout/PageHeading';
import { APP_VERSION } from '../../domain/constants';
import { REFERENCE_PATH } from '../../domain/apiContract';
import { settingsTabKey, settingsTabs } from './settingsTabs';
import { useLocation } from 'react-router-dom';

/** /settings (SPEC §2): 'Version x.y.z', then one tab per settings area; only the chosen panel is mounted. */
export default function SettingsPage() {
  const { search } = useLocation();
  // A link may name the tab to open (Home's Getting started: ?tab=company).
  const [active, setActive] = useState(() => {
    const wanted = new URLSearchParams(search).get('tab');
    return Math.max(
      0,
      settingsTabs.findIndex((tab) => settingsTabKey(tab) === wanted),
    );
  });
  const tab = settingsTabs[active];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading documentTitle="Settings">Version {APP_VERSION}</PageHeading>
      <Typography variant="body2" sx={{ mb: 2 }}>
        <Link href={REFERENCE_PATH} target="_blank" rel="noopener">
          API reference
        </Link>{' '}
        for connecting other software to Yardstick
      </Typography>
      {tab && (
        <Card>
          <Tabs value={active} onChange={(_, index: number) => setActive(index)} aria-label="Settings tabs">
            {settingsTabs.map((t, index) => (
              <Tab key={t.label} label={t.label} id={`settings-tab-${index}`} aria-controls={`settings-tabpanel-${index}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`settings-tabpanel-${active}`} aria-labelledby={`settings-tab-${active}`} sx={{ p: 2 }}>
            <tab.Panel />
          </Box>
        </Card>
      )}
    </Box>
  );
}
