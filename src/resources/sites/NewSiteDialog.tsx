import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, Form, SaveButton, useNavigate, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { formValidator, sites } from '../../schema';
import { showSuccess } from '../../custom/alerts/alertStore';
import { AddressInputs } from '../../custom/forms/AddressInputs';
import { FieldInput, fieldLabel } from '../../custom/forms/FieldInput';
import { InvalidFormWarning } from '../../custom/forms/InvalidFormWarning';
import { CustomerTypeahead } from './CustomerTypeahead';

const validateSite = formValidator(sites);
const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'county', 'state', 'zip'] as const;

/** A new site of `customer`: the customer chosen and its address copied (SPEC §2). */
export function newSiteValues(customer?: RaRecord | null): Record<string, unknown> {
  if (!customer) return {};
  return { customerID: customer.id, ...Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, customer[name] ?? null])) };
}

interface NewSiteDialogProps {
  open: boolean;
  onClose: () => void;
  /** Opened from a customer: pre-filled with it and its address. */
  customer?: RaRecord | null;
}

/** New Site modal: customer typeahead, name, address and notes; after saving, the new site. */
export function NewSiteDialog({ open, onClose, customer = null }: NewSiteDialogProps) {
  const navigate = useNavigate();

  const onSuccess = (created: RaRecord) => {
    showSuccess('Site Saved');
    onClose();
    navigate(`/${sites.route}/${created.id}`);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-site-title">
      <CreateBase resource={sites.name} redirect={false} mutationOptions={{ onSuccess }}>
        <Form validate={validateSite} defaultValues={newSiteValues(customer)} disableInvalidFormNotification>
          <InvalidFormWarning />
          <DialogTitle id="new-site-title">New Site</DialogTitle>
          <DialogContent>
            <NewSiteCustomer customer={customer} />
            <FieldInput entity={sites} name="name" />
            <AddressInputs entity={sites} />
            <FieldInput entity={sites} name="notes" rows={5} />
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

/** Picking a customer in a blank modal also copies its address, while none is typed yet. */
function NewSiteCustomer({ customer }: { customer: RaRecord | null }) {
  const { getValues, setValue } = useFormContext();
  const copyAddress = (picked: RaRecord) => {
    if (getValues('address1')) return;
    for (const [name, value] of Object.entries(newSiteValues(picked))) {
      if (name !== 'customerID') setValue(name, value, { shouldDirty: true });
    }
  };
  return (
    <CustomerTypeahead label={fieldLabel(sites, 'customerID')} initialCustomer={customer} onPick={copyAddress} />
  );
}
