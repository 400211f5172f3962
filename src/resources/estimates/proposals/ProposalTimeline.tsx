import { List, ListItem, ListItemText } from '@mui/material';
import type { OfficeProposal } from './proposalTypes';
import { shownInstant as when } from '../../../domain/officeDate';
import type { ReminderKind } from '../../../domain/followUps';

function deliveryLine(proposal: OfficeProposal): { primary: string; secondary?: string; error?: boolean } {
  if (proposal.deliveryError) return { primary: 'Delivery failed', secondary: proposal.deliveryError, error: true };
  switch (proposal.deliveryStatus) {
    case 'sent':
      return { primary: 'Delivered to the mail server', secondary: proposal.deliveredAt ? when(proposal.deliveredAt) : undefined };
    case 'notConfigured':
    case null:
      return { primary: 'Not emailed', secondary: 'Mail is not set up: the link was given to the client by hand.' };
    default:
      return proposal.retryError
        ? {
            primary: 'Waiting to be delivered: the mail server did not take it yet, it is tried again',
            secondary: [proposal.retryError, proposal.nextAttemptAt && `next try ${when(proposal.nextAttemptAt)}`]
              .filter(Boolean)
              .join(' · '),
          }
        : { primary: 'Waiting to be delivered' };
  }
}

function responseLine(proposal: OfficeProposal): { primary: string; secondary?: string } | null {
  if (!proposal.respondedAt) return null;
  const at = when(proposal.respondedAt);
  if (proposal.status === 'accepted') return { primary: `Accepted and signed by ${proposal.signerName ?? 'the client'}`, secondary: at };
  if (proposal.status === 'declined') return { primary: 'Declined', secondary: [at, proposal.responseMessage].filter(Boolean).join(' · ') };
  return { primary: 'Changes requested', secondary: [at, proposal.responseMessage].filter(Boolean).join(' · ') };
}

const REMINDER_LABELS: Record<ReminderKind, string> = {
  after: 'Reminder sent',
  beforeExpiry: 'Reminder sent before expiry',
  manual: 'Reminder sent by hand',
};

/** What happened to a sent proposal, in order: sent, delivered or failed, first viewed, reminded, answered. */
export function ProposalTimeline({ proposal }: { proposal: OfficeProposal }) {
  const delivery = deliveryLine(proposal);
  const response = responseLine(proposal);
  return (
    <List dense disablePadding aria-label="Timeline">
      <ListItem disableGutters>
        <ListItemText
          primary="Sent"
          secondary={[when(proposal.sentAt), proposal.sentBy && `by ${proposal.sentBy.name}`].filter(Boolean).join(' ')}
        />
      </ListItem>
      <ListItem disableGutters>
        <ListItemText
          primary={delivery.primary}
          secondary={delivery.secondary}
          slotProps={{ secondary: { color: delivery.error ? 'error' : undefined } }}
        />
      </ListItem>
      <ListItem disableGutters>
        <ListItemText
          primary={proposal.viewedAt ? 'First viewed' : 'Not opened yet'}
          secondary={
            proposal.viewedAt ? `${when(proposal.viewedAt)} · ${proposal.viewCount} view${proposal.viewCount === 1 ? '' : 's'}` : undefined
          }
        />
      </ListItem>
      {proposal.reminders.map((reminder) => (
        <ListItem disableGutters key={reminder.sentAt}>
          <ListItemText
            primary={REMINDER_LABELS[reminder.kind]}
            secondary={[when(reminder.sentAt), reminder.deliveryError && `not delivered: ${reminder.deliveryError}`]
              .filter(Boolean)
              .join(' · ')}
            slotProps={{ secondary: { color: reminder.deliveryError ? 'error' : undefined } }}
          />
        </ListItem>
      ))}
      {proposal.nextReminderAt && (
        <ListItem disableGutters>
          <ListItemText primary="Next reminder" secondary={when(proposal.nextReminderAt)} />
        </ListItem>
      )}
      {proposal.status === 'withdrawn' && (
        <ListItem disableGutters>
          <ListItemText primary={proposal.superseded ? 'Withdrawn: a newer proposal was sent' : 'Withdrawn'} />
        </ListItem>
      )}
      {response && (
        <ListItem disableGutters>
          <ListItemText primary={response.primary} secondary={response.secondary} />
        </ListItem>
      )}
    </List>
  );
}
