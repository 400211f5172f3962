import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useApiGet } from '../../providers/useApiGet';
import { DEMO_DATA_QUERY } from '../../schema/actions/queryNames';
import { ConfirmDialog } from '../../admin/forms/ConfirmDialog';
import { useReportFailure } from '../../admin/alerts/useReportFailure';
import { AdminOnlyControls, AdminOnlyNotice } from './AdminOnly';

/** GET /api/demoData. */
interface DemoDataStatus {
  present: boolean;
  counts: Record<'customers' | 'contacts' | 'sites' | 'estimates' | 'workAreas' | 'workAreaItems', number>;
  companyAsSeeded: boolean;
  blockers: { entity: string; id: number; name: string; reason: string }[];
}

const DEMO_QUERY = [DEMO_DATA_QUERY];
export const DEMO_REMOVED = 'Demo Company Removed';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function summary({ counts, companyAsSeeded }: DemoDataStatus): string {
  const parts = [
    plural(counts.customers, 'customer'),
    plural(counts.contacts, 'contact'),
    plural(counts.sites, 'site'),
    plural(counts.estimates, 'estimate'),
  ];
  return `${parts.join(', ')}${companyAsSeeded ? ', and its letterhead' : ''}.`;
}

/**
 * Settings › Demo data (issue 25): what the demo seed left, and *Remove the demo company*,
 * which deletes exactly that — refused, with the list, while some of it was changed or used.
 */
export function DemoDataTab() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const reportFailure = useReportFailure();
  const [asking, setAsking] = useState(false);
  const { data, isPending, error } = useApiGet<DemoDataStatus>(DEMO_QUERY, '/demoData');
  const remove = useMutation({
    mutationFn: () => dataProvider.removeDemoData(),
    onSuccess: () => notify(DEMO_REMOVED, { type: 'success' }),
    onError: (failure) => reportFailure(failure),
    onSettled: () => {
      setAsking(false);
      return queryClient.invalidateQueries();
    },
  });

  if (isPending) return <LinearProgress aria-label="Loading the demo data" />;
  if (error || !data) return <Typography color="error">The demo data could not be loaded.</Typography>;
  if (!data.present) {
    return (
      <Typography color="text.secondary">
        No demo data here: it was removed, never loaded (SEED_DEMO=0), or loaded before Yardstick recorded what it made.
      </Typography>
    );
  }
  const blocked = data.blockers.length > 0;
  return (
    <Box>
      <AdminOnlyNotice />
      <Typography sx={{ mb: 2 }}>The demo company: {summary(data)}</Typography>
      {blocked && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          It cannot be removed while these were changed or used since it was loaded:
          <List dense aria-label="What keeps the demo">
            {data.blockers.map((b) => (
              <ListItem key={`${b.entity}-${b.id}`} disableGutters>
                <ListItemText primary={b.name || `#${b.id}`} secondary={`${b.entity}: ${b.reason}`} />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      <AdminOnlyControls>
        <Button variant="outlined" color="error" startIcon={<DeleteSweepIcon />} disabled={blocked} onClick={() => setAsking(true)}>
          Remove the demo company
        </Button>
      </AdminOnlyControls>
      <ConfirmDialog
        open={asking}
        title="Remove the Demo Company"
        confirmLabel="Remove"
        message={`Delete the demo company: ${summary(data)} Your own records stay.`}
        isPending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
