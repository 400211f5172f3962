import { useMemo, useState } from 'react';
import { Grid } from '@mui/material';
import { BooleanInput, SelectInput, type Identifier, type RaRecord, useNotify } from 'react-admin';
import { formValidator, workAreas } from '../../../schema';
import { RecordDialog } from '../../../admin/forms/RecordDialog';
import { entityDefaults } from '../../../admin/forms/entityDefaults';
import { KEEP_EDITS_ON_RELOAD } from '../../../admin/forms/keepEditsOnReload';
import { fieldLabel } from '../../../admin/forms/FieldInput';
import { useSaveRecord } from '../../../admin/forms/useSaveRecord';
import { useDeleteInDialog } from '../../../admin/forms/useDeleteInDialog';
import { TAX_CHOICES } from './taxChoices';
import { useWorkAreaRefresh } from './useWorkAreaRefresh';
import { WorkAreaNameInput } from './WorkAreaNameInput';
import type { WorkAreaRecord } from './workAreaRecords';
import { SnowPricingEditor } from './snow/SnowPricingEditor';
import { PhotoGallery } from '../../photos/PhotoGallery';
import { SNOW_SOURCE, sheetOfDraft, snowDraftOf } from './snow/snowDraft';

export const DELETE_WORK_AREA_QUESTION = 'Are you sure you would like to delete this work area?';

const validateFields = formValidator(workAreas);
/** The area's rules, its snow sheet as it will be sent (the same parse and messages as the server). */
const validateWorkArea = (values: Record<string, unknown>) =>
  validateFields({ ...values, [SNOW_SOURCE]: sheetOfDraft(values[SNOW_SOURCE]) });

interface WorkAreaEditorProps {
  estimateId: Identifier;
  /** The estimate's site: its past winters fill a snow sheet's expected season. */
  siteId?: Identifier | null;
  /** The selected area; null creates a new one (SPEC §4). */
  area: WorkAreaRecord | null;
  onClose: () => void;
  /** After a save, with the stored area (a new one has its id). */
  onSaved: (area: RaRecord) => void;
  onDeleted: () => void;
}

/**
 * Work Area Editor modal (SPEC §2, §4): name with suggestions, tax (NJ by default), included
 * in the estimate (yes by default), its snow price sheet (issue 41, ./snow); Save creates or
 * updates, Delete asks first. A refused save (409, 400) keeps what was typed (the server's
 * message on `snowPricing` shows at the top of the dialog, UnplacedFieldErrors); closing with
 * unsaved changes asks first.
 */
export function WorkAreaEditor({ estimateId, siteId, area, onClose, onSaved, onDeleted }: WorkAreaEditorProps) {
  const notify = useNotify();
  const refresh = useWorkAreaRefresh();
  // The area as last loaded: after a 409, the one someone else saved (the form keeps the edits over it).
  const [latest, setLatest] = useState<RaRecord | null>(null);
  const current = latest ?? area;
  const save = useSaveRecord(
    workAreas.name,
    current,
    'Work Area Saved',
    (saved) => {
      void refresh();
      onSaved(saved);
    },
    {
      onConflict: setLatest,
      // The snow sheet as typed becomes the sheet sent (null: switched off or no line); a new
      // or plain area that stays plain is sent without it.
      transform: ({ [SNOW_SOURCE]: draft, ...values }) => {
        const sheet = sheetOfDraft(draft);
        return sheet === null && !current?.[SNOW_SOURCE] ? values : { ...values, [SNOW_SOURCE]: sheet };
      },
    },
  );
  const deletion = useDeleteInDialog(workAreas.name, current, DELETE_WORK_AREA_QUESTION, () => {
    notify('Work Area Deleted', { type: 'success' });
    onDeleted();
    void refresh({ deletedAreaId: area?.id });
  });
  // A stable record: the form resets whenever it gets a new one.
  const record = useMemo(() => {
    if (current) return { ...current, [SNOW_SOURCE]: snowDraftOf(current[SNOW_SOURCE]) };
    const { subtotal: _computedByServer, ...defaults } = entityDefaults(workAreas);
    return { ...defaults, estimateID: estimateId, [SNOW_SOURCE]: snowDraftOf(null) };
  }, [current, estimateId]);

  return (
    <RecordDialog
      titleId="work-area-editor-title"
      title={area ? 'Edit Work Area' : 'New Work Area'}
      onClose={onClose}
      record={record}
      validate={validateWorkArea}
      onSubmit={save}
      resetOptions={KEEP_EDITS_ON_RELOAD}
      {...deletion}
    >
      <Grid container columnSpacing={2}>
        <Grid size={12}>
          <WorkAreaNameInput />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput source="tax" label={fieldLabel(workAreas, 'tax')} choices={TAX_CHOICES} translateChoice={false} isRequired />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <BooleanInput source="isIncluded" label={fieldLabel(workAreas, 'isIncluded')} />
        </Grid>
        <Grid size={12}>
          <SnowPricingEditor siteId={siteId} />
        </Grid>
        {area ? (
          <Grid size={12}>
            <PhotoGallery owner="workAreas" ownerID={area.id} printable />
          </Grid>
        ) : null}
      </Grid>
    </RecordDialog>
  );
}
