import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Form, TextInput, useNotify } from 'react-admin';
import { FormSaveButton } from '../../admin/forms/FormSaveButton';
import { PhoneInput } from '../../admin/forms/PhoneInput';
import { useFormSubmit } from '../../admin/forms/useFormSubmit';
import { UnsavedChangesGuard } from '../../admin/forms/UnsavedChangesGuard';
import { userDetailsErrors, userDetailsForm, type UserDetails } from '../../schema/userAccount';
import { useMyDetails, useSaveMyDetails } from './useMyDetails';

export const DETAILS_SAVED = 'Details Saved';

const label = (name: string) => userDetailsForm.resolved.find((field) => field.name === name)!.label;

/**
 * User Settings › Your details (issue 35): the name the office and clients see, and the email
 * and phone a client reaches the salesperson by on a proposal (the company's when left empty).
 */
export function MyDetailsCard() {
  const { data } = useMyDetails();
  const saveDetails = useSaveMyDetails();
  const notify = useNotify();
  const save = useFormSubmit(async (values) => {
    await saveDetails(values as unknown as UserDetails);
    notify(DETAILS_SAVED, { type: 'success' });
  });
  return (
    <Card sx={{ maxWidth: 480, mb: 2 }}>
      <CardHeader title="Your details" slotProps={{ title: { component: 'h2' } }} />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Clients see your name, email and phone as their contact on the proposals you sell; without them, the company&apos;s.
        </Typography>
        {data ? (
          <Form record={data} onSubmit={save} validate={userDetailsErrors} noValidate>
            <UnsavedChangesGuard />
            <TextInput source="firstName" label={label('firstName')} fullWidth isRequired autoComplete="given-name" />
            <TextInput source="lastName" label={label('lastName')} fullWidth isRequired autoComplete="family-name" />
            <TextInput source="email" label={label('email')} type="email" fullWidth autoComplete="email" />
            <PhoneInput source="phone" label={label('phone')} />
            <FormSaveButton label="Save Details" />
          </Form>
        ) : (
          <LinearProgress aria-label="Loading your details" />
        )}
      </CardContent>
    </Card>
  );
}
