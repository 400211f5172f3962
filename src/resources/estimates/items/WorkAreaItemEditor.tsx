import { useMemo, useState } from 'react';
import { type Identifier, type RaRecord, useNotify } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { formValidator, workAreaItems } from '../../../schema';
import { RecordDialog } from '../../../admin/forms/RecordDialog';
import { entityDefaults } from '../../../admin/forms/entityDefaults';
import { KEEP_EDITS_ON_RELOAD } from '../../../admin/forms/keepEditsOnReload';
import { useSaveRecord } from '../../../admin/forms/useSaveRecord';
import { useDeleteInDialog } from '../../../admin/forms/useDeleteInDialog';
import { FillTableCalculator, isPlanArea } from './FillTableCalculator';
import type { PlanMeasure } from '../../../domain/planMeasure';
import { useWorkAreaRefresh } from '../workAreas/useWorkAreaRefresh';
import { WorkAreaItemInputs } from './WorkAreaItemInputs';
import { workAreaItemPayload } from './workAreaItemPayload';
import type { WorkAreaItemRecord, WorkAreaRecord } from '../workAreas/workAreaRecords';

export const DELETE_WORK_AREA_ITEM_QUESTION = 'Are you sure you would like to delete this work area item?';

const validateItem = formValidator(workAreaItems);

/**
 * The calculator sits inside the form, so that a figure it gives becomes the form's quantity; from
 * areas measured on the plan, the item remembers them with the depth typed.
 */
function FillTable({ fromPlan, onClose }: { fromPlan: PlanMeasure | null; onClose: () => void }) {
  const { setValue } = useFormContext();
  return (
    <FillTableCalculator
      fromPlan={fromPlan}
      onClose={onClose}
      onUse={(quantity, measures) => {
        const options = { shouldDirty: true, shouldValidate: true };
        setValue('quantity', quantity, options);
        if (fromPlan && isPlanArea(fromPlan, measures) && measures.depth > 0)
          setValue('planMeasure', { ...fromPlan, depthInches: measures.depth }, options);
        onClose();
      }}
    />
  );
}

interface WorkAreaItemEditorProps {
  area: WorkAreaRecord;
  /** The estimate's site: its plan is where sizes can be measured. */
  siteId?: Identifier | null;
  /** The row clicked; null for a new item. */
  item: WorkAreaItemRecord | null;
  onClose: () => void;
}

/**
 * Work Area Item Editor modal (SPEC §2, §4): a catalogue item, the line's figures, live Cost,
 * Price and Total, the Fill Table Calculator; Save creates or updates, Delete asks first.
 * A refused save (409, 400) keeps the edits; closing with unsaved changes asks first.
 */
export function WorkAreaItemEditor({ area, siteId, item, onClose }: WorkAreaItemEditorProps) {
  const notify = useNotify();
  const refresh = useWorkAreaRefresh();
  // Open: from the plan's areas (a measure) or by hand (null).
  const [fillTable, setFillTable] = useState<{ fromPlan: PlanMeasure | null } | null>(null);
  // The line as last loaded: after a 409, the one someone else saved (the form keeps the edits over it).
  const [latest, setLatest] = useState<RaRecord | null>(null);
  const current = latest ?? item;
  const saveRecord = useSaveRecord(
    workAreaItems.name,
    current,
    'Work Area Item Saved',
    () => {
      void refresh();
      onClose();
    },
    { onConflict: setLatest, transform: workAreaItemPayload },
  );
  const deletion = useDeleteInDialog(workAreaItems.name, current, DELETE_WORK_AREA_ITEM_QUESTION, () => {
    notify('Work Area Item Deleted', { type: 'success' });
    void refresh();
    onClose();
  });
  // A stable record: the form resets whenever it gets a new one.
  const record = useMemo(() => {
    if (current) return current;
    const { totalCost: _cost, totalPrice: _price, ...defaults } = entityDefaults(workAreaItems);
    return { ...defaults, workAreaID: area.id, itemID: null };
  }, [current, area.id]);

  return (
    <RecordDialog
      titleId="work-area-item-editor-title"
      title={item ? 'Edit Work Area Item' : 'New Work Area Item'}
      onClose={onClose}
      maxWidth="md"
      record={record}
      validate={validateItem}
      onSubmit={saveRecord}
      resetOptions={KEEP_EDITS_ON_RELOAD}
      {...deletion}
    >
      <WorkAreaItemInputs tax={area.tax} siteId={siteId} onOpenFillTable={(fromPlan) => setFillTable({ fromPlan: fromPlan ?? null })} />
      {fillTable && <FillTable fromPlan={fillTable.fromPlan} onClose={() => setFillTable(null)} />}
    </RecordDialog>
  );
}
