import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, Form, SaveButton, useNavigate, type RaRecord } from 'react-admin';
import { formValidator, termsConditions } from '../../schema';
import { showSuccess } from '../../custom/alerts/alertStore';
import { FieldInput } from '../../custom/forms/FieldInput';
import { InvalidFormWarning } from '../../custom/forms/InvalidFormWarning';

// Only the name is asked for: the server puts the new term last (SPEC §7 POST {name}).
const validateNewTerm = formValidator(termsConditions, { omit: ['content', 'isAuto', 'order'] });

/** The modal that creates a term by name, then opens it to write its content. */
export function NewTermConditionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();

  const onSuccess = (created: RaRecord) => {
    showSuccess('Term & Condition Saved');
    onClose();
    navigate(`/${termsConditions.route}/${created.id}`);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-term-title">
      <CreateBase resource={termsConditions.name} redirect={false} mutationOptions={{ onSuccess }}>
        <Form validate={validateNewTerm} disableInvalidFormNotification>
          <InvalidFormWarning />
          <DialogTitle id="new-term-title">New Term & Condition</DialogTitle>
          <DialogContent>
            <FieldInput entity={termsConditions} name="name" />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
            <SaveButton alwaysEnable />
          </DialogActions>
        </Form>
      </CreateBase>
    </Dialog>
  );
}
