import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useGetIdentity } from 'react-admin';

/** The home dashboard (SPEC §2 "Home"): the greeting. */
export default function HomePage() {
  const { identity } = useGetIdentity();
  return (
    <Box>
      {identity && (
        <Typography variant="h4" component="h1" gutterBottom>
          Welcome, {identity.firstName}!
        </Typography>
      )}
    </Box>
  );
}
