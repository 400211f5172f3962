import { Button, Grid, Typography } from '@mui/material';
import CalculateIcon from '@mui/icons-material/Calculate';
import { NumberInput, SelectInput, type Identifier } from 'react-admin';
import { DEFAULT_ITEM_KIND, ITEM_KINDS, ITEM_KIND_LABELS } from '../../../domain/itemKinds';
import { ItemMarginPreview } from './ItemMarginPreview';
import { useFormContext, useWatch } from 'react-hook-form';
import { workAreaItems } from '../../../schema';
import { FieldInput, fieldLabel } from '../../../admin/forms/FieldInput';
import { CatalogItemPicker } from './CatalogItemPicker';
import { ItemTotalsPreview } from './ItemTotalsPreview';
import { useCatalog } from './useCatalog';
import { useSizePricing } from './useSizePricing';
import type { CatalogItemRecord } from '../workAreas/workAreaRecords';
import type { PlanMeasure } from '../../../domain/planMeasure';
import { MeasureOnPlanButton } from './plan/MeasureOnPlanButton';
import { PlanMeasureNote, readPlanMeasure } from './plan/PlanMeasureNote';

const KIND_CHOICES = ITEM_KINDS.map((kind) => ({ id: kind, name: ITEM_KIND_LABELS[kind] }));

interface WorkAreaItemInputsProps {
  /** The area's tax, for the Total. */
  tax: unknown;
  /** The estimate's site, whose plan the size can be measured on (issue 42). */
  siteId?: Identifier | null;
  /** With areas measured on the plan as the width × length. */
  onOpenFillTable: (fromPlan?: PlanMeasure) => void;
}

/**
 * The inputs of the Work Area Item Editor: the catalogue item (filling name, units, unit cost,
 * unit price, kind and hours per unit), the line's own figures, its live Cost, Price and Total,
 * and its crew hours and margin (issue 24).
 */
export function WorkAreaItemInputs({ tax, siteId, onOpenFillTable }: WorkAreaItemInputsProps) {
  const catalog = useCatalog();
  const { setValue, getValues } = useFormContext();
  const { note, applySize } = useSizePricing(catalog);
  const planMeasure = useWatch({ name: 'planMeasure' });
  const typeSize = (size: unknown) => {
    applySize(getValues('itemID'), size);
    // A size typed by hand no longer comes from the plan (a fill measure gave the quantity, not the size).
    const measure = readPlanMeasure(getValues('planMeasure'));
    if (measure && measure.depthInches === undefined) setValue('planMeasure', null, { shouldDirty: true });
  };

  const pick = (item: CatalogItemRecord) => {
    const options = { shouldDirty: true, shouldValidate: true };
    setValue('name', item.name, options);
    setValue('units', item.units ?? null, options);
    setValue('unitCost', Number(item.cost), options);
    setValue('unitPrice', Number(item.price), options);
    setValue('kind', item.kind ?? DEFAULT_ITEM_KIND, options);
    setValue('hoursPerUnit', item.hoursPerUnit === null || item.hoursPerUnit === undefined ? null : Number(item.hoursPerUnit), options);
    // A size typed before the item was picked prices it by the item's rules.
    applySize(item.id, getValues('size'));
  };

  return (
    <Grid container columnSpacing={2}>
      <Grid size={12}>
        <CatalogItemPicker items={catalog.items} loading={catalog.isPending} onPick={pick} />
      </Grid>
      <Grid size={12}>
        <FieldInput entity={workAreaItems} name="name" />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <NumberInput source="size" label={fieldLabel(workAreaItems, 'size')} onChange={(event) => typeSize(event.target.value)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FieldInput entity={workAreaItems} name="quantity" />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FieldInput entity={workAreaItems} name="units" />
      </Grid>
      <Grid size={12}>
        {note && (
          <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {note}
          </Typography>
        )}
        <PlanMeasureNote siteId={siteId} planMeasure={planMeasure} />
        <Button size="small" startIcon={<CalculateIcon />} onClick={() => onOpenFillTable()} sx={{ mb: 2 }}>
          Fill Table Calculator
        </Button>
        {siteId != null && <MeasureOnPlanButton siteId={siteId} applySize={applySize} onOpenFillTable={onOpenFillTable} />}
      </Grid>
      {/* Over Cost and Price, column for column. */}
      <Grid size={{ xs: 12, sm: 4 }}>
        <FieldInput entity={workAreaItems} name="unitCost" helperText="Direct cost of one unit, without crew time" />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FieldInput entity={workAreaItems} name="unitPrice" />
      </Grid>
      <Grid size={{ xs: 0, sm: 4 }} />
      <Grid size={12}>
        <ItemTotalsPreview tax={tax} />
      </Grid>
      {/* Issue 24: what the line is and the crew time it takes, then its margin. */}
      <Grid size={{ xs: 12, sm: 4 }}>
        <SelectInput source="kind" label={fieldLabel(workAreaItems, 'kind')} choices={KIND_CHOICES} emptyText="" fullWidth />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FieldInput entity={workAreaItems} name="hoursPerUnit" helperText="Crew hours per unit" />
      </Grid>
      <Grid size={{ xs: 0, sm: 4 }} />
      <Grid size={12}>
        <ItemMarginPreview />
      </Grid>
    </Grid>
  );
}
