import { useMemo } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { Form, HttpError, useDataProvider, useNotify } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { workAreas } from '../../../schema';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { fieldLabel } from '../../../admin/forms/FieldInput';
import { LazyRichTextInput } from '../../../admin/richText/LazyRichTextInput';
import { UnsavedChangesGuard } from '../../../admin/forms/UnsavedChangesGuard';
import { useWorkAreaRefresh } from '../workAreas/useWorkAreaRefresh';
import type { WorkAreaRecord } from '../workAreas/workAreaRecords';
import { useReportFailure } from '../../../admin/alerts/useReportFailure';

/** The element the detail page scrolls to for /estimates/:id/notes. */
export const NOTES_ANCHOR_ID = 'notes';

/** Saving goes through SaveNotesButton; a stray submit must not reach the estimate's own save. */
const ignoreSubmit = () => undefined;

/**
 * Save: PUT /workAreas/:id/notes {notes, previousNotes}; the form then holds what the server
 * stored (sanitised). Refused because someone else saved notes meanwhile (409, the server's
 * message says so), the typed notes stay and theirs become the ones Save again replaces.
 */
function SaveNotesButton({ areaId }: { areaId: WorkAreaRecord['id'] }) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const reportFailure = useReportFailure();
  const notify = useNotify();
  const refresh = useWorkAreaRefresh();
  const { handleSubmit, reset } = useFormContext();
  const { isSubmitting, defaultValues } = useFormState();
  const path = `/${workAreas.route}/${encodeURIComponent(areaId)}`;

  const save = handleSubmit(async ({ notes }) => {
    try {
      const stored: Partial<WorkAreaRecord> | null = await dataProvider.saveWorkAreaNotes(areaId, {
        notes: notes ?? '',
        previousNotes: defaultValues?.notes ?? '',
      });
      reset({ notes: stored?.notes ?? notes });
    } catch (error) {
      // The failed call was reported (anything else is reported here); the notes stay as typed.
      reportFailure(error);
      if (error instanceof HttpError && error.status === 409) {
        const theirs = await dataProvider.request<Partial<WorkAreaRecord>>('GET', path).catch(() => undefined);
        if (theirs) reset({ notes: theirs.notes ?? '' }, { keepValues: true });
      }
      return;
    }
    notify('Work Area Note Saved', { type: 'success' });
    void refresh();
  });

  return (
    <Button variant="contained" startIcon={<SaveIcon />} onClick={() => void save()} disabled={isSubmitting}>
      Save
    </Button>
  );
}

interface WorkAreaNotesProps {
  area: WorkAreaRecord;
  /** Whether the notes hold unsaved changes (the panel asks before switching areas). */
  onDirtyChange: (dirty: boolean) => void;
  /** What every path of the estimate's screen starts with (/estimates/:id/): moving within it keeps the notes on screen. */
  screenPathname: string;
}

/** Notes editor of the selected work area (SPEC §2): the shared rich-text editor and Save. */
export function WorkAreaNotes({ area, onDirtyChange, screenPathname }: WorkAreaNotesProps) {
  const label = fieldLabel(workAreas, 'notes');
  // Reset only when the stored notes change, not when the area's subtotal does.
  const record = useMemo(() => ({ id: area.id, notes: area.notes ?? '' }), [area.id, area.notes]);

  return (
    <Box id={NOTES_ANCHOR_ID} component="section" aria-label={`Notes of ${area.name}`} sx={{ mt: 3, scrollMarginTop: 16 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        {label}: {area.name}
      </Typography>
      <Form record={record} onSubmit={ignoreSubmit}>
        <UnsavedChangesGuard onDirtyChange={onDirtyChange} rootPathname={screenPathname} />
        <LazyRichTextInput source="notes" label={label} hideLabel />
        <Stack direction="row" justifyContent="flex-end">
          <SaveNotesButton areaId={area.id} />
        </Stack>
      </Form>
    </Box>
  );
}
