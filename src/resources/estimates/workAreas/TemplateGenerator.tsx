import { Grid } from '@mui/material';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { SelectInput, useDataProvider, type Identifier } from 'react-admin';
import { workAreas } from '../../../schema';
import { DEFAULT_TAX } from '../../../domain/taxes';
import { DEFAULT_TEMPLATE_CATEGORY, TEMPLATE_CATEGORIES } from '../../../domain/templates';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { RecordDialog } from '../../../admin/forms/RecordDialog';
import { fieldLabel } from '../../../admin/forms/FieldInput';
import { FormSaveButton } from '../../../admin/forms/FormSaveButton';
import { useFormSubmit } from '../../../admin/forms/useFormSubmit';
import { TAX_CHOICES } from './taxChoices';
import { useWorkAreaRefresh } from './useWorkAreaRefresh';

/** Not the estimate of the page around it: the generator's form starts empty. */
const NO_RECORD = {};

const CATEGORY_CHOICES = TEMPLATE_CATEGORIES.map(({ id, name }) => ({ id, name }));

interface TemplateGeneratorProps {
  estimateId: Identifier;
  onClose: () => void;
}

/**
 * Template Generator modal (SPEC §2, §9): a category (Landscape Maintenance by default, or
 * Snow Maintenance) and the tax its areas get (NJ by default); Generate adds the template's
 * priced work areas to the estimate.
 */
export function TemplateGenerator({ estimateId, onClose }: TemplateGeneratorProps) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const refresh = useWorkAreaRefresh();

  const generate = useFormSubmit(async ({ tax, category }) => {
    await dataProvider.generateTemplate({ estimateID: estimateId, tax, category });
    await refresh();
    onClose();
  });

  return (
    <RecordDialog
      titleId="template-generator-title"
      title="Generate Template"
      onClose={onClose}
      maxWidth="xs"
      record={NO_RECORD}
      defaultValues={{ category: DEFAULT_TEMPLATE_CATEGORY, tax: DEFAULT_TAX }}
      onSubmit={generate}
      saveButton={<FormSaveButton label="Generate" icon={<PlaylistAddIcon />} />}
    >
      <Grid container columnSpacing={2}>
        <Grid size={12}>
          <SelectInput source="category" label="Category" choices={CATEGORY_CHOICES} translateChoice={false} isRequired />
        </Grid>
        <Grid size={12}>
          <SelectInput source="tax" label={fieldLabel(workAreas, 'tax')} choices={TAX_CHOICES} translateChoice={false} isRequired />
        </Grid>
      </Grid>
    </RecordDialog>
  );
}
