import type { RaRecord } from 'react-admin';
import { customers } from '../../schema';
import { ReferenceTypeahead } from '../../admin/forms/ReferenceTypeahead';

interface CustomerTypeaheadProps {
  source?: string;
  label?: string;
  /** The customer already chosen (a modal opened from a customer), shown by name. */
  initialCustomer?: RaRecord | null;
  /** Called with the customer the user picks. */
  onPick?: (customer: RaRecord) => void;
}

/** Customer typeahead (SPEC §5): up to 10 customers by name; the form holds the customer's id. */
export function CustomerTypeahead({ source = 'customerID', label = 'Customer', initialCustomer = null, onPick }: CustomerTypeaheadProps) {
  return (
    <ReferenceTypeahead
      entity={customers}
      optionText="name"
      source={source}
      label={label}
      initialRecord={initialCustomer}
      onPick={onPick}
    />
  );
}
