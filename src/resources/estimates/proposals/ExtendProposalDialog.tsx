import { DateInput, useNotify } from 'react-admin';
import { actionValidator } from '../../../admin/actions/useApiAction';
import { FormSaveButton } from '../../../admin/forms/FormSaveButton';
import { RecordDialog } from '../../../admin/forms/RecordDialog';
import { useFormSubmit } from '../../../admin/forms/useFormSubmit';
import { addDays } from '../../../domain/officeDate';
import { DEFAULT_VALID_DAYS } from '../../../domain/proposals';
import { useProposalActions } from './useProposals';
import type { OfficeProposal } from './proposalTypes';

export const PROPOSAL_EXTENDED = 'Proposal Extended';

const extendBody = ({ validUntil }: Record<string, unknown>) => ({ validUntil: typeof validUntil === 'string' ? validUntil : '' });

/** Extend (issue 39): a new Valid until for the same proposal — nothing in it changed, so no new revision. */
export function ExtendProposalDialog({ proposal, onClose }: { proposal: OfficeProposal; onClose: () => void }) {
  const { extend } = useProposalActions();
  const notify = useNotify();
  const save = useFormSubmit(async (values) => {
    await extend.mutateAsync([proposal.id, extendBody(values)]);
    notify(PROPOSAL_EXTENDED, { type: 'success' });
    onClose();
  });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <RecordDialog
      titleId={`extend-proposal-${proposal.id}-title`}
      title="Extend Proposal"
      onClose={onClose}
      record={{ validUntil: addDays(proposal.validUntil > today ? proposal.validUntil : today, DEFAULT_VALID_DAYS) }}
      validate={actionValidator('extendProposal', extendBody)}
      onSubmit={save}
      saveButton={<FormSaveButton label="Extend" />}
      noValidate
    >
      <DateInput
        source="validUntil"
        label="Valid until"
        helperText="The client can accept it until the end of this day; its reminders start again."
      />
    </RecordDialog>
  );
}
