import { RadioButtonGroupInput } from 'react-admin';
import { CUSTOMER_TYPES, customers } from '../../schema/customers';
import { FieldInput, fieldLabel } from '../../admin/forms/FieldInput';

/** Name and type (Lead = 0, Client = 1) of a customer. */
export function CustomerGeneralInputs() {
  return (
    <>
      <FieldInput entity={customers} name="name" />
      <RadioButtonGroupInput
        source="type"
        label={fieldLabel(customers, 'type')}
        choices={[...CUSTOMER_TYPES]}
        parse={(value: string) => Number(value)}
        row
      />
    </>
  );
}
