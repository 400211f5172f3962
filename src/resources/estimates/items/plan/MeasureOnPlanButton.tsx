import { useState } from 'react';
import { Button } from '@mui/material';
import SquareFootIcon from '@mui/icons-material/SquareFoot';
import type { Identifier } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { PlanMeasure } from '../../../../domain/planMeasure';
import { MeasureOnPlanDialog } from './MeasureOnPlanDialog';

interface MeasureOnPlanButtonProps {
  siteId: Identifier;
  /** Prices the size as typing it would (the item's size rules). */
  applySize: (itemID: unknown, size: unknown) => void;
  /** The fill table, with the areas picked as its width × length. */
  onOpenFillTable: (fromPlan: PlanMeasure) => void;
}

/** Measure on the Plan: the picked shapes' total becomes the item's size, or goes to the fill table. */
export function MeasureOnPlanButton({ siteId, applySize, onOpenFillTable }: MeasureOnPlanButtonProps) {
  const { setValue, getValues } = useFormContext();
  const [open, setOpen] = useState(false);
  const options = { shouldDirty: true, shouldValidate: true };
  return (
    <>
      <Button size="small" startIcon={<SquareFootIcon />} onClick={() => setOpen(true)} sx={{ mb: 2 }}>
        Measure on the Plan
      </Button>
      {open && (
        <MeasureOnPlanDialog
          siteId={siteId}
          onClose={() => setOpen(false)}
          onUseSize={(measure) => {
            setValue('size', measure.total, options);
            setValue('planMeasure', measure, options);
            applySize(getValues('itemID'), measure.total);
            setOpen(false);
          }}
          onUseFill={(measure) => {
            setOpen(false);
            onOpenFillTable(measure);
          }}
        />
      )}
    </>
  );
}
