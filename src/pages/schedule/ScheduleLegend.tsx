import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { colorOf } from './serviceColors';

/** Which colour is which service, for the services shown. */
export function ScheduleLegend({ services, colors }: { services: string[]; colors: Map<string, string> }) {
  if (services.length === 0) return null;
  return (
    <Stack
      component="ul"
      aria-label="Services"
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, m: 0, mb: 2 }}
    >
      {services.map((service) => (
        <Stack component="li" key={service} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colorOf(colors, service) }} />
          <Typography variant="body2">{service}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
