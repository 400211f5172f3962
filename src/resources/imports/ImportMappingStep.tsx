import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { importTargets, MAIN_ENTITY, type DuplicateMode, type ImportKind, type ImportMapping } from '../../domain/importing/targets';
import { useCustomFields } from '../../admin/customFields/useCustomFields';
import type { UploadedImport } from './useImports';

const NOT_IMPORTED = '';

const DUPLICATE_LABELS: Record<DuplicateMode, string> = {
  skip: 'Skip the row (keep the existing record)',
  update: "Update the existing record with the file's non-empty values",
  create: 'Create a new record anyway',
};

interface ImportMappingStepProps {
  uploaded: UploadedImport;
  kind: ImportKind;
  mapping: ImportMapping;
  onMappingChange: (mapping: ImportMapping) => void;
  duplicates: DuplicateMode;
  onDuplicatesChange: (duplicates: DuplicateMode) => void;
}

/** The wizard's second step (issue 25): each field's column, preselected from the server's suggestion, and what to do with duplicates. */
export function ImportMappingStep({ uploaded, kind, mapping, onMappingChange, duplicates, onDuplicatesChange }: ImportMappingStepProps) {
  const { data: customFields = [] } = useCustomFields(MAIN_ENTITY[kind]);
  return (
    <Stack spacing={2}>
      {uploaded.layout && (
        <Alert severity="info">{uploaded.layout.message}: its columns are chosen below. Check them before the preview.</Alert>
      )}
      <Typography variant="body2">{uploaded.rowCount.toLocaleString('en-US')} rows. Choose the column of each field:</Typography>
      <Stack direction="row" flexWrap="wrap" gap={2}>
        {importTargets(kind, customFields).map((target) => (
          <TextField
            key={target.key}
            select
            size="small"
            sx={{ width: 260 }}
            label={target.label}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            value={mapping[target.key] ?? NOT_IMPORTED}
            onChange={(e) => onMappingChange({ ...mapping, [target.key]: e.target.value || null })}
          >
            <MenuItem value={NOT_IMPORTED}>Not imported</MenuItem>
            {uploaded.columns.map((column) => (
              <MenuItem key={column} value={column}>
                {column}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
      <FormControl>
        <FormLabel id="import-duplicates">Duplicates</FormLabel>
        <RadioGroup
          aria-labelledby="import-duplicates"
          value={duplicates}
          onChange={(e) => onDuplicatesChange(e.target.value as DuplicateMode)}
        >
          {(Object.keys(DUPLICATE_LABELS) as DuplicateMode[]).map((mode) => (
            <FormControlLabel key={mode} value={mode} control={<Radio />} label={DUPLICATE_LABELS[mode]} />
          ))}
        </RadioGroup>
      </FormControl>
    </Stack>
  );
}
