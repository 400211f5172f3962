import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { workAreaItems } from '../../../schema';
import { formatMoney } from '../../../domain/money';
import { fieldLabel } from '../../../admin/forms/FieldInput';
import type { CatalogItemRecord } from '../workAreas/workAreaRecords';

interface CatalogItemPickerProps {
  items: CatalogItemRecord[];
  loading: boolean;
  /** Called with the item the user picks (not when the choice is cleared). */
  onPick: (item: CatalogItemRecord) => void;
}

/** The catalogue item an estimate line is copied from (its `itemID`), searchable by name. */
export function CatalogItemPicker({ items, loading, onPick }: CatalogItemPickerProps) {
  const { field, id } = useInput({ source: 'itemID' });
  const chosen = items.find((item) => item.id === field.value) ?? null;

  return (
    <Autocomplete<CatalogItemRecord>
      id={id}
      options={items}
      loading={loading}
      value={chosen}
      getOptionLabel={(item) => item.name}
      getOptionKey={(item) => item.id}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      onChange={(_, item) => {
        field.onChange(item ? item.id : null);
        if (item) onPick(item);
      }}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, item) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography variant="body2">{item.name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {[item.units, formatMoney(Number(item.price))].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label={fieldLabel(workAreaItems, 'itemID')} helperText="Picking an item fills its name, units and prices." />
      )}
    />
  );
}
