import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DialogActions, DialogContent, DialogTitle, Link, List, ListItem, Typography } from '@mui/material';
import { useNotify, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { estimates } from '../../../schema';
import type { RenewalResult } from '../../../domain/renewal';
import { GuardedDialog } from '../../../admin/forms/GuardedDialog';
import { JobProgressBar } from '../../../admin/jobs/JobProgressBar';
import { useJob } from '../../../admin/jobs/useJob';
import { estimatePath } from '../estimatePaths';

interface RenewalJobProps {
  jobID: number;
  count: number;
  sources: RaRecord[];
  /** Back to the form (the renewal failed: nothing was made). */
  onBack: () => void;
  /** Closed while it runs: it goes on (Settings › Jobs shows it). */
  onClose: () => void;
  onDone: () => void;
}

/** The renewal's job followed: its bar while it runs, why it failed, then the new estimates. */
export function RenewalJobDialog({ jobID, count, sources, onBack, onClose, onDone }: RenewalJobProps) {
  const { data: job } = useJob(jobID);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const told = useRef(false);
  const renewed = job?.status === 'done' ? (job.result as RenewalResult) : null;
  useEffect(() => {
    if (!renewed || told.current) return;
    told.current = true;
    notify(`${renewed.created.length} estimates renewed`, { type: 'success' });
    void queryClient.invalidateQueries({ queryKey: [estimates.name] });
  }, [renewed, notify, queryClient]);

  if (renewed) return <RenewedList renewed={renewed} sources={sources} onClose={onDone} />;
  const failed = job?.status === 'failed' || job?.status === 'cancelled';
  return (
    <GuardedDialog onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="renewing-title">
      <DialogTitle id="renewing-title">
        Renewing {count} {count === 1 ? 'Estimate' : 'Estimates'}
      </DialogTitle>
      <DialogContent>
        {failed ? (
          <Alert severity="error">{job?.error ?? 'The renewal did not happen.'} Nothing was created.</Alert>
        ) : (
          <JobProgressBar label="Renewal" progress={job?.progress ?? { done: null, total: null, phase: null }} />
        )}
      </DialogContent>
      <DialogActions>
        {failed && <Button onClick={onBack}>Back</Button>}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </GuardedDialog>
  );
}

function RenewedList({ renewed, sources, onClose }: { renewed: RenewalResult; sources: RaRecord[]; onClose: () => void }) {
  const nameOf = (id: number) => sources.find((source) => source.id === id)?.projectName ?? `Estimate ${id}`;
  return (
    <GuardedDialog onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="renewed-title">
      <DialogTitle id="renewed-title">{renewed.created.length} Estimates Renewed</DialogTitle>
      <DialogContent>
        <List dense aria-label="New estimates">
          {renewed.created.map(({ from, id, unchanged }) => (
            <ListItem key={id} disableGutters sx={{ display: 'block' }}>
              <Link component={RouterLink} to={estimatePath(id)}>
                The renewal of {nameOf(from)}
              </Link>
              {unchanged?.length ? (
                <Typography variant="body2" color="text.secondary">
                  Not in the catalogue, kept their price: {unchanged.join(', ')}
                </Typography>
              ) : null}
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
