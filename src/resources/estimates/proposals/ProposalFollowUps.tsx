import { useState } from 'react';
import { Button, FormControlLabel, Switch } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import EventIcon from '@mui/icons-material/Event';
import { useNotify } from 'react-admin';
import { isOpenProposal } from '../../../domain/proposals';
import { useReportFailure } from '../../../admin/alerts/useReportFailure';
import { ExtendProposalDialog } from './ExtendProposalDialog';
import { useProposalActions } from './useProposals';
import type { OfficeProposal } from './proposalTypes';

export const REMINDER_QUEUED = 'A reminder will be emailed to the client.';

/**
 * Follow-ups of one proposal (issue 39): its automatic reminders paused or resumed, one sent
 * now, and a new Valid until for one that is open or expired (its reminders start again).
 */
export function ProposalFollowUps({ proposal }: { proposal: OfficeProposal }) {
  const { remind, pauseReminders } = useProposalActions();
  const notify = useNotify();
  const reportFailure = useReportFailure();
  const [extending, setExtending] = useState(false);
  const open = isOpenProposal(proposal.status);
  const extendable = open || proposal.status === 'expired';
  return (
    <>
      {open && (
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={!proposal.remindersPaused}
              disabled={pauseReminders.isPending}
              onChange={(event) =>
                pauseReminders.mutate([proposal.id, { remindersPaused: !event.target.checked }], {
                  onError: (error) => reportFailure(error),
                })
              }
            />
          }
          label="Automatic reminders"
        />
      )}
      {open && (
        <Button
          size="small"
          startIcon={<NotificationsActiveIcon />}
          loading={remind.isPending}
          onClick={() =>
            remind.mutate([proposal.id], {
              onSuccess: () => notify(REMINDER_QUEUED, { type: 'success' }),
              onError: (error) => reportFailure(error),
            })
          }
        >
          Send reminder now
        </Button>
      )}
      {extendable && (
        <Button size="small" startIcon={<EventIcon />} onClick={() => setExtending(true)}>
          Extend
        </Button>
      )}
      {extending && <ExtendProposalDialog proposal={proposal} onClose={() => setExtending(false)} />}
    </>
  );
}
