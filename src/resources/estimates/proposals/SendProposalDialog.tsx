import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { DateInput, TextInput, useGetManyReference, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { contacts } from '../../../schema';
import { ALL_ROWS } from '../../../admin/lists/pageLinks';
import { RecordDialog } from '../../../admin/forms/RecordDialog';
import { FormSaveButton } from '../../../admin/forms/FormSaveButton';
import { KEEP_EDITS_ON_RELOAD } from '../../../admin/forms/keepEditsOnReload';
import { useFormSubmit } from '../../../admin/forms/useFormSubmit';
import { isProposalType, printTypeLabel } from '../../../domain/printing';
import { addDays, officeDate } from '../../../domain/officeDate';
import { DEFAULT_VALID_DAYS, PDF_NOT_MADE, SENT_PDF_FOLLOWS } from '../../../domain/proposals';
import type { PrintChoice } from '../print/printDocument';
import { RecipientsInput, type RecipientOption } from './RecipientsInput';
import { ProposalLink } from './ProposalLink';
import { useProposalActions } from './useProposals';
import { useProposalTemplates } from './useProposalTemplates';
import { actionValidator } from '../../../admin/actions/useApiAction';
import type { SentProposal } from './proposalTypes';

interface SendProposalDialogProps {
  estimate: RaRecord;
  /** What the print modal chose: the print type, approval and terms. */
  choice: PrintChoice | null;
  onClose: () => void;
}

/**
 * Send to client (issue 22): recipients (To starts with the customer's contacts that have an
 * email, issue 35; any typed address too), subject and message from the templates in Settings, and Valid until (30 days).
 * Once sent, the client's link is shown to copy, and whether mail went out.
 */
export function SendProposalDialog({ estimate, choice, onClose }: SendProposalDialogProps) {
  const [sent, setSent] = useState<SentProposal | null>(null);
  const close = () => {
    setSent(null);
    onClose();
  };
  if (sent) return <ProposalSentDialog sent={sent} onClose={close} />;
  return choice && <ComposeDialog estimate={estimate} choice={choice} onSent={setSent} onClose={close} />;
}

/** A new Valid until refills what was not typed in, and keeps what a Send attempt showed. */
const FOLLOW_TEMPLATES = { ...KEEP_EDITS_ON_RELOAD, keepErrors: true, keepIsSubmitted: true };

/** The form's values as sent (an emptied input holds null). */
const draftOf = (values: Record<string, unknown>) => ({
  to: (values.to as string[] | null) ?? [],
  cc: (values.cc as string[] | null) ?? [],
  subject: String(values.subject ?? ''),
  message: String(values.message ?? ''),
  validUntil: String(values.validUntil ?? ''),
});

interface ComposeDialogProps {
  estimate: RaRecord;
  choice: PrintChoice;
  onSent: (sent: SentProposal) => void;
  onClose: () => void;
}

function ComposeDialog({ estimate, choice, onSent, onClose }: ComposeDialogProps) {
  const today = officeDate(new Date());
  const [validUntil, setValidUntil] = useState(() => addDays(today, DEFAULT_VALID_DAYS));
  const templates = useProposalTemplates(estimate, validUntil);
  const recipients = useContactRecipients(estimate.customerID);
  // To starts with the customer's contacts that have an email (issue 35); the user removes or adds.
  const contactAddresses = useMemo(() => recipients.map((recipient) => recipient.email), [recipients]);
  const { send } = useProposalActions();
  const bodyOf = (values: Record<string, unknown>) => ({
    printType: choice.type,
    approval: choice.approval,
    tcIDs: choice.termIDs,
    ...draftOf(values),
  });
  const submit = useFormSubmit(async (values) => {
    // The print modal offers Send only for a proposal's types (never the materials list).
    if (!isProposalType(choice.type)) return;
    onSent(await send.mutateAsync([estimate.id, { ...bodyOf(values), printType: choice.type }]));
  });

  return (
    <RecordDialog
      titleId="send-proposal-title"
      title="Send to Client"
      onClose={onClose}
      // Subject and message follow the templates, filled for the Valid until chosen, until typed in (the reset keeps edits).
      record={{ to: contactAddresses, cc: [], ...templates, validUntil }}
      resetOptions={FOLLOW_TEMPLATES}
      validate={actionValidator('sendProposal', bodyOf)}
      onSubmit={submit}
      saveButton={<FormSaveButton label="Send" icon={<SendIcon />} />}
      noValidate
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {printTypeLabel(choice.type)}
          {choice.approval ? ', asking for approval' : ''} · {choice.termIDs.length} terms &amp; conditions · the PDF is attached
        </Typography>
        <RecipientsInput source="to" label="To" options={recipients} helperText="The customer's contacts, or type any address" />
        <RecipientsInput source="cc" label="Cc" options={recipients} />
        <ValidUntilWatcher onChange={setValidUntil} />
        <TextInput source="subject" label="Subject" isRequired helperText={false} />
        <TextInput
          source="message"
          label="Message"
          isRequired
          multiline
          minRows={6}
          helperText="The link to the proposal is added below the message."
        />
        <DateInput source="validUntil" label="Valid until" isRequired helperText={false} slotProps={{ htmlInput: { min: today } }} />
      </Stack>
    </RecordDialog>
  );
}

/** Hands the Valid until chosen to the dialog, which fills the templates with it. */
function ValidUntilWatcher({ onChange }: { onChange: (validUntil: string) => void }) {
  const validUntil = useWatch({ name: 'validUntil' });
  useEffect(() => {
    if (validUntil) onChange(validUntil);
  }, [validUntil, onChange]);
  return null;
}

function ProposalSentDialog({ sent, onClose }: { sent: SentProposal; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="proposal-sent-title" fullWidth maxWidth="sm">
      <DialogTitle id="proposal-sent-title">Proposal Sent</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {sent.pdfStatus === 'failed' ? (
            <Alert severity="error">{PDF_NOT_MADE}</Alert>
          ) : sent.mailConfigured && sent.pdfStatus === 'pending' ? (
            <Alert severity="info">{SENT_PDF_FOLLOWS}</Alert>
          ) : sent.mailConfigured ? (
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
    </Dialog>
  );
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
