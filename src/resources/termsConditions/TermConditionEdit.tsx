import { Card, CardContent } from '@mui/material';
import { formValidator, termsConditions } from '../../schema';
import { FieldInput, fieldLabel } from '../../custom/forms/FieldInput';
import { DetailPage } from '../../custom/detail/DetailPage';
import { LazyRichTextInput } from '../../custom/richText/LazyRichTextInput';
import { FlagCheckboxInput } from '../../custom/forms/FlagCheckboxInput';

const validateTerm = formValidator(termsConditions);
export const DELETE_TERM_QUESTION = 'Are you sure you would like to delete this term & condition?';

/** /termsConditions/:id (SPEC §2): name, 'Always Include on Proposals', rich-text content; Save and Delete. */
export function TermConditionEdit() {
  return (
    <DetailPage
      entity={termsConditions}
      savedMessage="Term & Condition Saved"
      validate={validateTerm}
      deleteQuestion={DELETE_TERM_QUESTION}
      afterDelete={{ to: `/${termsConditions.route}` }}
    >
      {() => (
        <Card>
          <CardContent>
            <FieldInput entity={termsConditions} name="name" />
            <FlagCheckboxInput source="isAuto" label={fieldLabel(termsConditions, 'isAuto')} />
            <LazyRichTextInput source="content" label={fieldLabel(termsConditions, 'content')} />
          </CardContent>
        </Card>
      )}
    </DetailPage>
  );
}
