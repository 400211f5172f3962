import { List, ListItem, ListItemText } from '@mui/material';
import type { OfficeProposal } from './proposalTypes';
import { shownInstant as when } from '../../../domain/officeDate';

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

/** What happened to a sent proposal, in order: sent, delivered or failed, first viewed, answered. */
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
