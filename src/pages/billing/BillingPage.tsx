import { useState } from 'react';
import { Box, Button, Card, CardHeader, Stack, TextField, Typography } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../admin/layout/PageHeading';
import { useApiAction } from '../../admin/actions/useApiAction';
import { useFileDownload } from '../../admin/downloads/useFileDownload';
import { isBillingMonth } from '../../schema/actions/billing';
import { currentMonth } from './billingMonth';
import { BillingLinesTable } from './BillingLinesTable';
import { BillingExportsCard } from './BillingExportsCard';
import { useMonthBilling } from './useBilling';

/**
 * /billing (issue 40): a month's billing lines — installments due, visits done, time and
 * materials — handed to accounting as a QuickBooks Online invoice import. Nothing is an invoice
 * here: the export is the hand-over, which the last one can take back.
 */
export default function BillingPage() {
  const [searchParams] = useSearchParams();
  // ?month=YYYY-MM opens that month (a storm's close-out links to its billing, issue 41).
  const [month, setMonth] = useState(() => {
    const asked = searchParams.get('month');
    return asked && isBillingMonth(asked) ? asked : currentMonth();
  });
  const { data: lines = [], isPending } = useMonthBilling(month);
  const exportBilling = useApiAction('exportBilling');
  const { download, busy } = useFileDownload();
  const open = lines.filter((line) => line.exportID === null);
  const runExport = async () => {
    const made = await exportBilling.mutateAsync([{ month }]);
    await download(`/billing/exports/${made.id}/file`);
  };
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading>Billing</PageHeading>
      <Card>
        <CardHeader
          title="Billing lines due by month, handed to accounting"
          slotProps={{ title: { component: 'h2', variant: 'subtitle1' } }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', px: 2, pb: 2 }}>
          <TextField
            type="month"
            label="Month"
            size="small"
            value={month}
            onChange={(event) => isBillingMonth(event.target.value) && setMonth(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            variant="contained"
            startIcon={<FileDownloadIcon />}
            disabled={!open.length || exportBilling.isPending || busy}
            onClick={() => void runExport().catch(() => undefined)}
          >
            Export for QuickBooks Online
          </Button>
          <Typography variant="body2" color="text.secondary">
            {open.length} of {lines.length} lines not exported yet
          </Typography>
        </Box>
        <BillingLinesTable lines={lines} loading={isPending} />
      </Card>
      <BillingExportsCard />
    </Stack>
  );
}
