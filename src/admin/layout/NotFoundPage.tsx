import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from './PageHeading';

/** A path that names no screen (react-admin's catch-all): said plainly, with the way home. */
export function NotFoundPage() {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeading documentTitle="Page not found">Page not found</PageHeading>
      <Typography sx={{ my: 2 }}>There is no page at this address. It may have been moved or deleted.</Typography>
      <Button component={RouterLink} to="/home" variant="contained">
        Go to Home
      </Button>
    </Box>
  );
}
