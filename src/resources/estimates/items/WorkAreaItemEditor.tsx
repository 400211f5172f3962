import { useMemo, useState } from 'react';
import { type RaRecord, useNotify } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { formValidator, workAreaItems } from '../../../schema';
import { RecordDialog } from '../../../admin/forms/RecordDialog';
import { entityDefaults } from '../../../admin/forms/entityDefaults';
import { KEEP_EDITS_ON_RELOAD } from '../../../admin/forms/keepEditsOnReload';
import { useSaveRecord } from '../../../admin/forms/useSaveRecord';
import { useDeleteInDialog } from '../../../admin/forms/useDeleteInDialog';
import { FillTableCalculator } from './FillTableCalculator';
import { useWorkAreaRefresh } from '../workAreas/useWorkAreaRefresh';
import { WorkAreaItemInputs } from './WorkAreaItemInputs';
import { workAreaItemPayload } from './workAreaItemPayload';
import type { WorkAreaItemRecord, WorkAreaRecord } from '../workAreas/workAreaRecords';

export const DELETE_WORK_AREA_ITEM_QUESTION = 'Are you sure you would like to delete this work area item?';

const validateItem = formValidator(workAreaItems);

/** The calculator sits inside the form, so that a figure it gives becomes the form's quantity. */
function FillTable({ onClose }: { onClose: () => void }) {
  const { setValue } = useFormContext();
  return (
    <FillTableCalculator
      onClose={onClose}
      onUse={(quantity) => {
        setValue('quantity', quantity, { shouldDirty: true, shouldValidate: true });
        onClose();
      }}
    />
  );
}

interface WorkAreaItemEditorProps {
  area: WorkAreaRecord;
  /** The row clicked; null for a new item. */
  item: WorkAreaItemRecord | null;
  onClose: () => void;
}

/**
 * Work Area Item Editor modal (SPEC §2, §4): a catalogue item, the line's figures, live Cost,
 * Price and Total, the Fill Table Calculator; Save creates or updates, Delete asks first.
 * A refused save (409, 400) keeps the edits; closing with unsaved changes asks first.
 */
export function WorkAreaItemEditor({ area, item, onClose }: WorkAreaItemEditorProps) {
  const notify = useNotify();
  const refresh = useWorkAreaRefresh();
  const [fillTableOpen, setFillTableOpen] = useState(false);
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
      <WorkAreaItemInputs tax={area.tax} onOpenFillTable={() => setFillTableOpen(true)} />
      {fillTableOpen && <FillTable onClose={() => setFillTableOpen(false)} />}
    </RecordDialog>
  );
}
