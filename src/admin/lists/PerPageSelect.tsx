import { MenuItem, TextField } from '@mui/material';
import { useListContext } from 'react-admin';
import { PAGE_SIZES } from './pageLinks';

/** Items-per-page choice (SPEC §9: 20, 50, 100); a change goes back to page 1. */
export function PerPageSelect() {
  const { perPage, setPerPage } = useListContext();
  return (
    <TextField
      select
      size="small"
      label="Items per page"
      value={perPage}
      onChange={(event) => setPerPage(Number(event.target.value))}
      fullWidth={false}
      sx={{ width: 160 }}
    >
      {PAGE_SIZES.map((size) => (
        <MenuItem key={size} value={size}>
          {size}
        </MenuItem>
      ))}
    </TextField>
  );
}
