import { Card } from '@mui/material';
import type { Identifier } from 'react-admin';
import { TabStrip } from '../../admin/tabs/TabStrip';
import { customerTabs } from './customerTabList';

/** The tab strip under the customer's cards (/customers/:id?tab=sites); only the chosen panel is mounted. */
export function CustomerTabs({ customerId }: { customerId: Identifier }) {
  return (
    <Card>
      <TabStrip name="Customer tabs" idPrefix="customer" tabs={customerTabs} panelProps={{ customerId }} />
    </Card>
  );
}
