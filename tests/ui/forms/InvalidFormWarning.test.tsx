import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Form, TextInput } from 'react-admin';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { FormSaveButton } from '../../../src/admin/forms/FormSaveButton';
import { InvalidFormWarning } from '../../../src/admin/forms/InvalidFormWarning';
import { renderAdmin } from '../renderAdmin';

const validate = (values: Record<string, unknown>) => ({
  ...(values.name ? {} : { name: 'Name is required.' }),
  // A field with no input on this form (e.g. one the server checks).
  siteID: 'Site is required.',
});

describe('an invalid form', () => {
  it('says what is wrong under the field, and shows a message whose field has no input', async () => {
    const user = userEvent.setup();
    renderAdmin(
      <Form onSubmit={() => undefined} validate={validate} disableInvalidFormNotification>
        <InvalidFormWarning />
        <TextInput source="name" label="Name" />
        <FormSaveButton />
      </Form>,
    );
    expect(screen.queryByText('Site is required.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Site is required.')).toBeInTheDocument();
    expect(getAlertState().alert).toMatchObject({ type: 'WARNING', message: 'Form is invalid.' });
    // Under its input, once (not repeated in the list).
    expect(screen.getAllByText('Name is required.')).toHaveLength(1);
    expect(
      within(screen.getByRole('textbox', { name: 'Name' }).closest('.ra-input')! as HTMLElement).getByText('Name is required.'),
    ).toBeInTheDocument();
  });
});
