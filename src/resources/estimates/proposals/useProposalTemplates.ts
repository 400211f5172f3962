import { estimateLabel } from '../../../domain/estimates';
import type { RaRecord } from 'react-admin';
import { DEFAULT_MESSAGE_TEMPLATE, DEFAULT_SUBJECT_TEMPLATE, fillTemplate, longDate } from '../../../domain/proposalTemplates';
import { useCompanyProfile } from '../../../company/useCompanyProfile';
import { useMailSettings } from '../../../company/useMailSettings';

/** The subject and message of Settings' templates, filled for this estimate and date. */
export function useProposalTemplates(estimate: RaRecord, validUntil: string): { subject: string; message: string } {
  const { data: mail } = useMailSettings();
  const { data: company } = useCompanyProfile();
  const values = {
    customer: String(estimate.customerName ?? ''),
    project: String(estimate.projectName ?? ''),
    estimateNumber: estimateLabel(estimate.number, estimate.revision),
    company: company?.name ?? '',
    validUntil: longDate(validUntil),
  };
  return {
    subject: fillTemplate(mail?.subjectTemplate || DEFAULT_SUBJECT_TEMPLATE, values),
    message: fillTemplate(mail?.messageTemplate || DEFAULT_MESSAGE_TEMPLATE, values),
  };
}
