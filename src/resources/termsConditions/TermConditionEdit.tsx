import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { EditBase, Form, SaveButton, useDelete, useEditContext, useNavigate } from 'react-admin';
import { formValidator, termsConditions } from '../../schema';
import { showSuccess } from '../../custom/alerts/alertStore';
import { ConfirmDialog } from '../../custom/forms/ConfirmDialog';
import { FieldInput, fieldLabel } from '../../custom/forms/FieldInput';
import { InvalidFormWarning } from '../../custom/forms/InvalidFormWarning';
import { useDialogState } from '../../custom/forms/useDialogState';
import { LazyRichTextInput } from '../../custom/richText/LazyRichTextInput';
import { FlagCheckboxInput } from './FlagCheckboxInput';

const validateTerm = formValidator(termsConditions);
export const DELETE_TERM_QUESTION = 'Are you sure you would like to delete this term & condition?';

/** /termsConditions/:id (SPEC §2): name, 'Always Include on Proposals', rich-text content; Save and Delete. */
export function TermConditionEdit() {
  return (
    <EditBase
      resource={termsConditions.name}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onSuccess: () => showSuccess('Term & Condition Saved') }}
    >
      <TermConditionDetail />
    </EditBase>
  );
}

function TermConditionDetail() {
  const { record } = useEditContext();
  const confirm = useDialogState();
  const navigate = useNavigate();
  const [deleteOne, { isPending: deleting }] = useDelete();
  if (!record) return null;

  const remove = () =>
    deleteOne(
      termsConditions.name,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          confirm.close();
          navigate(`/${termsConditions.route}`);
        },
        onError: () => confirm.close(),
      },
    );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Form validate={validateTerm} disableInvalidFormNotification>
        <InvalidFormWarning />
        <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={2} sx={{ mb: 2 }}>
          <Typography variant="h5" component="h1">
            {record.name}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => confirm.open(true)}>
              Delete
            </Button>
            <SaveButton alwaysEnable />
          </Stack>
        </Stack>
        <Card>
          <CardContent>
            <FieldInput entity={termsConditions} name="name" />
            <FlagCheckboxInput source="isAuto" label={fieldLabel(termsConditions, 'isAuto')} />
            <LazyRichTextInput source="content" label={fieldLabel(termsConditions, 'content')} />
          </CardContent>
        </Card>
      </Form>
      <ConfirmDialog
        open={confirm.isOpen}
        message={DELETE_TERM_QUESTION}
        isPending={deleting}
        onConfirm={remove}
        onClose={confirm.close}
      />
    </Box>
  );
}
