import { NumberInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { BILLING_BASES, BILLING_BASIS_LABELS, termMonths } from '../../domain/agreements';
import { planSummary, visitPlanText } from '../../domain/visitPlans';
import { RecordDialog } from '../../admin/forms/RecordDialog';
import { ChoiceSelect } from '../../admin/forms/ChoiceSelect';
import { useFormSubmit } from '../../admin/forms/useFormSubmit';
import { useApiAction } from '../../admin/actions/useApiAction';
import type { AgreementLine } from './useAgreement';

type Term = { startDate: string; endDate: string };

const PLAN_CHOICES = [
  { id: 'keep', name: 'Keep the current plan' },
  { id: 'weekly', name: 'Weekly' },
  { id: 'biweekly', name: 'Every 2 weeks' },
  { id: 'monthly', name: 'Monthly' },
  { id: 'spread', name: 'A number of visits spread over the term' },
  { id: 'custom', name: 'Custom (RFC 5545 RRULE)' },
] as const;

// Per event arrives with snow contracts (the server refuses it until then).
const BASIS_CHOICES = BILLING_BASES.filter((basis) => basis !== 'perEvent').map((id) => ({ id, name: BILLING_BASIS_LABELS[id] }));

interface LineValues {
  basis: AgreementLine['basis'];
  installments: number | null;
  plan: (typeof PLAN_CHOICES)[number]['id'];
  visits: number | null;
  rrule: string;
  visitPrice: number | null;
}

/** The plan's RRULE text from the form, or undefined to keep the stored one. */
function planText(values: LineValues, term: Term): string | undefined {
  switch (values.plan) {
    case 'keep':
      return undefined;
    case 'custom':
      return values.rrule;
    case 'spread':
      return visitPlanText({ kind: 'spread', visits: Number(values.visits) || 1 }, term);
    default:
      return visitPlanText({ kind: values.plan }, term);
  }
}

/** Edit a line (issue 40): its billing basis, installments, visit plan and price per visit. */
export function AgreementLineDialog({ line, term, onClose }: { line: AgreementLine; term: Term; onClose: () => void }) {
  const update = useApiAction('updateAgreementLine');
  const submit = useFormSubmit(async (raw) => {
    const values = raw as unknown as LineValues;
    const rrule = planText(values, term);
    await update.mutateAsync([
      line.id,
      {
        basis: values.basis,
        installments: values.basis === 'installments' ? (values.installments ?? null) : line.installments,
        ...(rrule === undefined ? {} : { rrule }),
        ...(values.basis === 'perVisit' && values.visitPrice !== line.visitPrice ? { visitPrice: values.visitPrice } : {}),
        version: line.version,
      },
    ]);
    onClose();
  });
  return (
    <RecordDialog
      titleId="agreement-line-title"
      title={`Edit ${line.name}`}
      onClose={onClose}
      record={{
        basis: line.basis,
        installments: line.installments ?? termMonths(term.startDate, term.endDate),
        plan: 'keep',
        visits: line.plannedVisits,
        rrule: line.rrule ?? '',
        visitPrice: line.visitPrice,
      }}
      onSubmit={submit}
      noValidate
    >
      <ChoiceSelect source="basis" label="Billing" choices={BASIS_CHOICES} />
      <BasisInputs term={term} />
      <ChoiceSelect
        source="plan"
        label="Visits"
        choices={PLAN_CHOICES.map((choice) =>
          choice.id === 'keep' ? { ...choice, name: `Keep: ${line.rrule ? planSummary(line.rrule) : 'none'}` } : choice,
        )}
      />
      <PlanInputs />
    </RecordDialog>
  );
}

function BasisInputs({ term }: { term: Term }) {
  const basis = useWatch({ name: 'basis' });
  if (basis === 'installments')
    return <NumberInput source="installments" label={`Installments (1–${termMonths(term.startDate, term.endDate)})`} step={1} min={1} />;
  if (basis === 'perVisit')
    return (
      <NumberInput
        source="visitPrice"
        label="Price per Visit"
        step={0.01}
        min={0}
        helperText="Leave as is for the amount over the planned visits"
      />
    );
  return null;
}

function PlanInputs() {
  const plan = useWatch({ name: 'plan' });
  if (plan === 'spread') return <NumberInput source="visits" label="Visits" step={1} min={1} />;
  if (plan === 'custom') return <TextInput source="rrule" label="RRULE" multiline helperText="e.g. FREQ=WEEKLY;BYDAY=TU" />;
  return null;
}
