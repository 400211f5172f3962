import { Typography } from '@mui/material';
import { useListContext } from 'react-admin';

/** How many rows the list's search and filters select ("12 sites"), once known. */
export function ListTotal({ singular, plural }: { singular: string; plural: string }) {
  const { total } = useListContext();
  if (total === undefined) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="status" sx={{ alignSelf: 'center' }}>
      {total.toLocaleString('en-US')} {total === 1 ? singular : plural}
    </Typography>
  );
}
