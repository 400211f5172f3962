import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { HttpError, useGetManyReference, type RaRecord } from 'react-admin';
import { contacts } from '../../../schema';
import { ALL_ROWS } from '../../../admin/lists/pageLinks';
import { GuardedDialog, useDialogGuard } from '../../../admin/forms/GuardedDialog';
import { useReportFailure } from '../../../admin/alerts/useReportFailure';
import { isProposalType, printTypeLabel } from '../../../domain/printing';
import { addDays, officeDate } from '../../../domain/officeDate';
import { DEFAULT_VALID_DAYS } from '../../../domain/proposals';
import type { PrintChoice } from '../print/printDocument';
import { RecipientsInput, type RecipientOption } from './RecipientsInput';
import { ProposalLink } from './ProposalLink';
import { useProposalActions } from './useProposals';
import { useProposalTemplates } from './useProposalTemplates';
import { proposalDraftErrors, type ProposalDraft } from './proposalDraft';
import type { SentProposal } from './proposalTypes';

interface SendProposalDialogProps {
  estimate: RaRecord;
  /** What the print modal chose: the print type, approval and terms. */
  choice: PrintChoice | null;
  onClose: () => void;
}

/**
 * Send to client (issue 22): recipients (the customer's contacts with an email, or any typed
 * address), subject and message from the templates in Settings, and Valid until (30 days).
 * Once sent, the client's link is shown to copy, and whether mail went out.
 */
export function SendProposalDialog({ estimate, choice, onClose }: SendProposalDialogProps) {
  const [sent, setSent] = useState<SentProposal | null>(null);
  const close = () => {
    setSent(null);
    onClose();
  };
  return (
    <GuardedDialog open={choice !== null} onClose={close} aria-labelledby="send-proposal-title" fullWidth maxWidth="sm">
      <DialogTitle id="send-proposal-title">{sent ? 'Proposal Sent' : 'Send to Client'}</DialogTitle>
      {sent ? (
        <SentStep sent={sent} onClose={close} />
      ) : (
        choice && <ComposeStep estimate={estimate} choice={choice} onSent={setSent} onClose={close} />
      )}
    </GuardedDialog>
  );
}

function ComposeStep({
  estimate,
  choice,
  onSent,
  onClose,
}: {
  estimate: RaRecord;
  choice: PrintChoice;
  onSent: (sent: SentProposal) => void;
  onClose: () => void;
}) {
  const today = officeDate(new Date());
  const [validUntil, setValidUntil] = useState(addDays(today, DEFAULT_VALID_DAYS));
  const templates = useProposalTemplates(estimate, validUntil);
  const recipients = useContactRecipients(estimate.customerID);
  const [edits, setEdits] = useState<Partial<ProposalDraft>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof ProposalDraft, string>>>({});
  const { send } = useProposalActions(estimate.id);
  const reportFailure = useReportFailure();
  useReportUnsavedInput(Object.keys(edits).length > 0);

  const draft: ProposalDraft = {
    to: edits.to ?? [],
    cc: edits.cc ?? [],
    subject: edits.subject ?? templates.subject,
    message: edits.message ?? templates.message,
    validUntil,
  };
  const errors = proposalDraftErrors(draft, today);
  const shownError = (field: keyof ProposalDraft) => (showErrors ? errors[field] : undefined) ?? serverErrors[field];
  const edit = <K extends keyof ProposalDraft>(field: K, value: ProposalDraft[K]) =>
    setEdits((current) => ({ ...current, [field]: value }));

  const submit = () => {
    if (Object.keys(errors).length) return setShowErrors(true);
    // The print modal offers Send only for a proposal's types (never the materials list).
    if (!isProposalType(choice.type)) return;
    send.mutate(
      { printType: choice.type, approval: choice.approval, tcIDs: choice.termIDs, ...draft },
      {
        onSuccess: onSent,
        onError: (error) => {
          // Field messages go under their fields; the failed call was reported with its alert.
          if (error instanceof HttpError && error.body?.errors) setServerErrors(error.body.errors);
          else reportFailure(error);
        },
      },
    );
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {printTypeLabel(choice.type)}
            {choice.approval ? ', asking for approval' : ''} · {choice.termIDs.length} terms &amp; conditions · the PDF is attached
          </Typography>
          <RecipientsInput
            label="To"
            value={draft.to}
            onChange={(to) => edit('to', to)}
            options={recipients}
            error={shownError('to')}
            helperText="The customer's contacts, or type any address"
          />
          <RecipientsInput label="Cc" value={draft.cc} onChange={(cc) => edit('cc', cc)} options={recipients} error={shownError('cc')} />
          <TextField
            label="Subject"
            value={draft.subject}
            onChange={(event) => edit('subject', event.target.value)}
            error={Boolean(shownError('subject'))}
            helperText={shownError('subject')}
            required
          />
          <TextField
            label="Message"
            value={draft.message}
            onChange={(event) => edit('message', event.target.value)}
            error={Boolean(shownError('message'))}
            helperText={shownError('message') ?? 'The link to the proposal is added below the message.'}
            multiline
            minRows={6}
            required
          />
          <TextField
            label="Valid until"
            type="date"
            value={validUntil}
            onChange={(event) => setValidUntil(event.target.value)}
            error={Boolean(shownError('validUntil'))}
            helperText={shownError('validUntil')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            required
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" startIcon={<SendIcon />} onClick={submit} loading={send.isPending}>
          Send
        </Button>
      </DialogActions>
    </>
  );
}

function SentStep({ sent, onClose }: { sent: SentProposal; onClose: () => void }) {
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {sent.mailConfigured ? (
            <Alert severity="success">The proposal is on its way, with the PDF attached and this link.</Alert>
          ) : (
            <Alert severity="info">
              Mail is not set up (Settings › Company › Email), so nothing was emailed. Copy the link and send it to the client yourself.
            </Alert>
          )}
          <ProposalLink link={sent.link} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}

/** Closing the dialog asks first once something was typed (GuardedDialog). */
function useReportUnsavedInput(dirty: boolean) {
  const guard = useDialogGuard();
  const [form] = useState(() => Symbol('send proposal'));
  useEffect(() => {
    guard?.report(form, dirty);
    return () => guard?.report(form, false);
  }, [guard, form, dirty]);
}

/** The customer's contacts that have an email address, as recipients to offer. */
function useContactRecipients(customerID: unknown): RecipientOption[] {
  const { data } = useGetManyReference(
    contacts.name,
    {
      target: contacts.parent!.field,
      id: customerID as number,
      pagination: { ...ALL_ROWS },
      sort: { field: contacts.defaultSort.key, order: contacts.defaultSort.direction },
    },
    { enabled: customerID != null },
  );
  return useMemo(
    () =>
      (data ?? [])
        .filter((contact) => typeof contact.email === 'string' && contact.email.trim())
        .map((contact) => ({ email: contact.email.trim(), name: [contact.firstName, contact.lastName].filter(Boolean).join(' ') })),
    [data],
  );
}
