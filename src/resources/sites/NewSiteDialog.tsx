import type { RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { sites } from '../../schema';
import { AddressInputs } from '../../admin/forms/AddressInputs';
import { CustomerTypeahead } from '../customers/CustomerTypeahead';
import { FieldInput, fieldLabel } from '../../admin/forms/FieldInput';
import { NewRecordDialog } from '../../admin/forms/NewRecordDialog';
import { CustomFieldInputs } from '../../admin/customFields/CustomFieldsCard';

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
  return (
    <NewRecordDialog entity={sites} open={open} onClose={onClose} defaultValues={newSiteValues(customer)}>
      <NewSiteCustomer customer={customer} />
      <FieldInput entity={sites} name="name" />
      <AddressInputs entity={sites} />
      <FieldInput entity={sites} name="notes" rows={5} />
      <CustomFieldInputs entity="sites" />
    </NewRecordDialog>
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
  return <CustomerTypeahead label={fieldLabel(sites, 'customerID')} initialCustomer={customer} onPick={copyAddress} />;
}
