import { useState } from 'react';
import { Box, Card, Tab, Tabs } from '@mui/material';
import type { Identifier } from 'react-admin';
import { customerTabs } from './customerTabList';

/** The tab strip under the customer's cards; only the chosen panel is mounted. */
export function CustomerTabs({ customerId }: { customerId: Identifier }) {
  const [active, setActive] = useState(0);
  const { Panel } = customerTabs[active];
  return (
    <Card>
      <Tabs value={active} onChange={(_, index: number) => setActive(index)} aria-label="Customer tabs">
        {customerTabs.map((tab, index) => (
          <Tab key={tab.label} label={tab.label} id={`customer-tab-${index}`} aria-controls={`customer-tabpanel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`customer-tabpanel-${active}`} aria-labelledby={`customer-tab-${active}`}>
        <Panel customerId={customerId} />
      </Box>
    </Card>
  );
}
