import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoneIcon from '@mui/icons-material/Done';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { VISIT_HOURS_MAX } from '../../schema/actions/agreements';
import type { Visit } from './visitQuery';
import { useVisitStatus } from './useVisitStatus';

/** "2.5 h", or nothing for no hours. */
export const shownHours = (hours: number | null) => (hours === null ? '' : `${hours} h`);

/** A done or skipped visit's status, as the Schedule's dialog and the Today list show it. */
export function VisitStatusChip({ visit }: { visit: Visit }) {
  if (visit.status === 'done') {
    const hours = shownHours(visit.actualHours);
    return <Chip icon={<CheckCircleIcon />} color="success" label={hours ? `Done · ${hours}` : 'Done'} size="small" />;
  }
  if (visit.status === 'skipped') return <Chip label="Skipped" size="small" />;
  return <Chip label="Planned" size="small" variant="outlined" />;
}

interface VisitCompletionControlsProps {
  visit: Visit;
  /** After it was marked done or skipped. */
  onChanged?: () => void;
}

/**
 * A planned visit's Hours and its Done and Skip buttons (a billed one changes no more); a done
 * or skipped one shows its status instead.
 */
export function VisitCompletionControls({ visit, onChanged }: VisitCompletionControlsProps) {
  const [hours, setHours] = useState(visit.actualHours === null ? '' : String(visit.actualHours));
  const { markDone, skip, isPending } = useVisitStatus();
  if (visit.status !== 'planned' || visit.billed) return <VisitStatusChip visit={visit} />;

  const run = async (change: Promise<boolean>) => {
    if ((await change) && onChanged) onChanged();
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <TextField
        label="Hours"
        type="number"
        size="small"
        value={hours}
        onChange={(event) => setHours(event.target.value)}
        sx={{ width: 96 }}
        slotProps={{ htmlInput: { min: 0, max: VISIT_HOURS_MAX, step: 0.25, inputMode: 'decimal' } }}
      />
      <Button variant="contained" startIcon={<DoneIcon />} disabled={isPending} onClick={() => void run(markDone(visit, hours))}>
        Done
      </Button>
      <Button startIcon={<SkipNextIcon />} disabled={isPending} onClick={() => void run(skip(visit))}>
        Skip
      </Button>
    </Stack>
  );
}
