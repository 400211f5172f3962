import { useEffect, useState, type ChangeEvent } from 'react';
import { Button, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { CheckboxGroupInput, DateInput, TextInput, useDataProvider, useGetManyReference, useNotify, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { workAreas } from '../../../schema';
import { SCAN_MAX_BYTES } from '../../../schema/actions/agreements';
import { calendarDateIn } from '../../../domain/officeDate';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { RecordDialog } from '../../../admin/forms/RecordDialog';
import { FormSaveButton } from '../../../admin/forms/FormSaveButton';
import { useFormSubmit } from '../../../admin/forms/useFormSubmit';
import { actionValidator, useApiAction } from '../../../admin/actions/useApiAction';
import { ALL_ROWS } from '../../../admin/lists/pageLinks';

/**
 * Mark Signed (issue 40): the client signed the printed proposal. The signer, the day, the work
 * areas signed for and the signed scan; the agreement is made as an online signature makes it,
 * and opens.
 */
export function MarkSignedDialog({ estimate, onClose }: { estimate: RaRecord; onClose: () => void }) {
  const markSigned = useApiAction('markEstimateSigned');
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const navigate = useNavigate();
  const notify = useNotify();
  const [scan, setScan] = useState<File | null>(null);
  // Set once the agreement exists: the form stops guarding its input, then the agreement opens.
  const [made, setMade] = useState<number | null>(null);
  useEffect(() => {
    if (made === null) return;
    onClose();
    navigate(`/agreements/${made}`);
  }, [made, onClose, navigate]);
  const { data: areas = [] } = useGetManyReference(workAreas.name, {
    target: workAreas.parent!.field,
    id: estimate.id,
    pagination: { ...ALL_ROWS },
    sort: { field: workAreas.defaultSort.key, order: workAreas.defaultSort.direction },
  });
  const bodyOf = (values: Record<string, unknown>) => ({
    signerName: values.signerName,
    signedOn: values.signedOn,
    acceptedWorkAreaIDs: values.acceptedWorkAreaIDs,
  });
  const submit = useFormSubmit(async (values) => {
    const { id } = await markSigned.mutateAsync([estimate.id, bodyOf(values) as never]);
    if (scan) await dataProvider.request('PUT', `/agreements/${id}/scan`, { body: scan });
    notify('The agreement is made.', { type: 'success' });
    setMade(id);
  });
  const pickScan = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && file.size > SCAN_MAX_BYTES) {
      notify('The signed scan can be at most 10 MB.', { type: 'error' });
      return;
    }
    setScan(file);
  };
  const included = areas.filter((area) => area.isIncluded).map((area) => area.id);
  if (!areas.length) return null;
  return (
    <RecordDialog
      titleId="mark-signed-title"
      title="Mark Signed on Paper"
      onClose={onClose}
      record={{
        signerName: '',
        signedOn: calendarDateIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date()),
        acceptedWorkAreaIDs: included,
      }}
      validate={actionValidator('markEstimateSigned', bodyOf)}
      onSubmit={submit}
      saveButton={<FormSaveButton label="Mark Signed" />}
      guarded={made === null}
      noValidate
    >
      <TextInput source="signerName" label="Signer Name" />
      <DateInput source="signedOn" label="Signed on" />
      <CheckboxGroupInput source="acceptedWorkAreaIDs" label="Work areas signed for" choices={areas} optionText="name" row={false} />
      <Button component="label" startIcon={<AttachFileIcon />} variant="outlined">
        Attach the signed scan
        <input hidden type="file" accept="application/pdf,image/jpeg,image/png" onChange={pickScan} />
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {scan ? scan.name : 'PDF, JPEG or PNG, at most 10 MB'}
      </Typography>
    </RecordDialog>
  );
}
