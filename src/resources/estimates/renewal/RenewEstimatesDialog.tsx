import { useState, type ReactNode } from 'react';
import { Alert, Typography } from '@mui/material';
import { NumberInput, RadioButtonGroupInput, TextInput, useGetMany, useListContext, type Identifier, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { estimates } from '../../../schema';
import { formatMoney } from '../../../domain/money';
import { renamedProject } from '../../../domain/renewal';
import { actionValidator, useApiAction } from '../../../admin/actions/useApiAction';
import { RecordDialog } from '../../../admin/forms/RecordDialog';
import { FormSaveButton } from '../../../admin/forms/FormSaveButton';
import { useFormSubmit } from '../../../admin/forms/useFormSubmit';
import { RenewalJobDialog } from './RenewalJobDialog';

const PRICING_CHOICES = [
  { id: 'percent', name: 'Change every price by a percent' },
  { id: 'catalogue', name: "Today's catalogue prices (size rules included)" },
];

type RenewalValues = { pricing?: { mode?: string; percent?: unknown }; projectName?: { replace?: string; with?: string } };

/** The renewal's body from the form (src/schema/actions/estimateCopies.ts). */
const renewalBody = (estimateIDs: unknown[], values: Record<string, unknown>) => {
  const { pricing, projectName } = values as RenewalValues;
  return {
    estimateIDs,
    pricing: pricing?.mode === 'percent' ? { mode: 'percent', percent: pricing.percent } : { mode: pricing?.mode },
    ...(projectName?.replace ? { projectName: { replace: projectName.replace, with: projectName.with ?? '' } } : {}),
  };
};

/**
 * Renew (issue 23): one copy of each ticked estimate on its own site, its prices raised (or
 * lowered) by a percent or read again from the catalogue, its year in the name moved on —
 * all or nothing, as a job (issue 36) whose progress shows. Then the new estimates, to open.
 */
export function RenewEstimatesDialog({ onClose }: { onClose: () => void }) {
  const { selectedIds, onUnselectItems } = useListContext();
  return <RenewDialog estimateIDs={selectedIds} onClose={onClose} onDone={onUnselectItems} />;
}

interface RenewDialogProps {
  estimateIDs: Identifier[];
  onClose: () => void;
  /** After the list of new estimates is closed. */
  onDone?: () => void;
  /** The percent offered first (an agreement's suggestion, issue 40); 4 otherwise. */
  percent?: number;
  /** Shown above the form (why that percent). */
  note?: ReactNode;
}

/** Renew the given estimates (an agreement's, or the ticked ones). */
export function RenewDialog({ estimateIDs: selectedIds, onClose, onDone, percent = 4, note }: RenewDialogProps) {
  const { data: chosen = [] } = useGetMany(estimates.name, { ids: selectedIds });
  const renewAction = useApiAction('renewEstimates');
  const [jobID, setJobID] = useState<number | null>(null);
  const year = new Date().getFullYear();
  const bodyOf = (values: Record<string, unknown>) => renewalBody(selectedIds, values);

  const renew = useFormSubmit(async (values) => {
    setJobID((await renewAction.mutateAsync([bodyOf(values)])).jobID);
  });

  if (jobID !== null)
    return (
      <RenewalJobDialog
        jobID={jobID}
        count={selectedIds.length}
        sources={chosen}
        onBack={() => setJobID(null)}
        onClose={onClose}
        // The ticks go once the list of new estimates is closed (the dialog lives in the bar they show).
        onDone={() => {
          onClose();
          onDone?.();
        }}
      />
    );
  return (
    <RecordDialog
      titleId="renew-estimates-title"
      title={`Renew ${selectedIds.length} ${selectedIds.length === 1 ? 'Estimate' : 'Estimates'}`}
      onClose={onClose}
      record={{ pricing: { mode: 'percent', percent }, projectName: { replace: String(year), with: String(year + 1) } }}
      validate={actionValidator('renewEstimates', bodyOf)}
      onSubmit={renew}
      saveButton={<FormSaveButton label="Renew" />}
      noValidate
    >
      {note}
      <RadioButtonGroupInput source="pricing.mode" label="Prices" choices={PRICING_CHOICES} row={false} />
      <PercentInput />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        Project names
      </Typography>
      <TextInput source="projectName.replace" label="Replace" helperText="Leave empty to keep the names" />
      <TextInput source="projectName.with" label="With" />
      <RenewalPreview sources={chosen} />
    </RecordDialog>
  );
}

function PercentInput() {
  const mode = useWatch({ name: 'pricing.mode' });
  if (mode !== 'percent') return null;
  return <NumberInput source="pricing.percent" label="Percent (+ raises, − lowers)" step={0.5} />;
}

/** What will be made: how many, their total now and (by a percent) about after. */
function RenewalPreview({ sources }: { sources: RaRecord[] }) {
  const [mode, percent, replace, replacement] = useWatch({
    name: ['pricing.mode', 'pricing.percent', 'projectName.replace', 'projectName.with'],
  });
  const before = sources.reduce((sum, estimate) => sum + Number(estimate.subtotal ?? 0), 0);
  const after = mode === 'percent' && Number.isFinite(Number(percent)) ? before * (1 + Number(percent) / 100) : null;
  const example = sources[0] ? renamedProject(String(sources[0].projectName), String(replace ?? ''), String(replacement ?? '')) : null;
  return (
    <Alert severity="info" role="status" sx={{ mt: 1 }}>
      {sources.length} new {sources.length === 1 ? 'estimate' : 'estimates'}, In Progress. Subtotal now {formatMoney(before)}
      {after === null ? '; after: at catalogue prices.' : `; after about ${formatMoney(after)} (each price rounded to the cent).`}
      {example && ` First: “${example}”.`}
    </Alert>
  );
}
