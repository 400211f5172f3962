import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';

const ALL = '';

interface ScheduleFiltersProps {
  /** The services (line names) and crews there are to pick from. */
  services: string[];
  crews: string[];
  service: string;
  crew: string;
  showSkipped: boolean;
  onService: (service: string) => void;
  onCrew: (crew: string) => void;
  onShowSkipped: (show: boolean) => void;
}

/** Above the calendar: one service or all, one crew or all, and whether skipped visits show. */
export function ScheduleFilters(props: ScheduleFiltersProps) {
  const { services, crews, service, crew, showSkipped, onService, onCrew, onShowSkipped } = props;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
      <FilterSelect label="Service" all="All services" options={services} value={service} onChange={onService} />
      <FilterSelect label="Crew" all="All crews" options={crews} value={crew} onChange={onCrew} />
      <FormControlLabel
        control={<Switch checked={showSkipped} onChange={(event) => onShowSkipped(event.target.checked)} />}
        label="Show skipped"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      />
    </Stack>
  );
}

interface FilterSelectProps {
  label: string;
  all: string;
  options: string[];
  value: string;
  onChange: (value: string) => void;
}

function FilterSelect({ label, all, options, value, onChange }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 200 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value={ALL}>{all}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}
