import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import StraightenIcon from '@mui/icons-material/Straighten';
import { Link } from 'react-router-dom';

export const LOGO_TARGET = '/dashboard';

/** The product mark; with `linked` (navigation open) it leads to /dashboard (SPEC §2). */
export function Logo({ linked, showName }: { linked: boolean; showName: boolean }) {
  const mark = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit' }}>
      <StraightenIcon fontSize="large" aria-hidden />
      {showName && (
        <Typography variant="h6" component="span" noWrap>
          Yardstick
        </Typography>
      )}
    </Box>
  );
  if (!linked) return <Box aria-label="Yardstick">{mark}</Box>;
  return (
    <Link to={LOGO_TARGET} aria-label="Yardstick" style={{ color: 'inherit', textDecoration: 'none' }}>
      {mark}
    </Link>
  );
}
