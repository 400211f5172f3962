import { useRef } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { jobProgressText, jobTimeLeft, type JobProgress, type ProgressMark } from '../../domain/jobs';

interface JobProgressBarProps {
  /** What the bar is of, for a screen reader ("Import of customers.csv"). */
  label: string;
  progress: JobProgress;
  /** Say the time left, at the pace seen since the bar first showed. */
  showTimeLeft?: boolean;
}

/** A running job's bar: done of total (moving stripes until a total is known), the phase, and the time left. */
export function JobProgressBar({ label, progress, showTimeLeft = false }: JobProgressBarProps) {
  const mark = useRef<ProgressMark | null>(null);
  const { done, total } = progress;
  if (mark.current === null && done !== null) mark.current = { at: Date.now(), done };
  const value = done !== null && total ? Math.min(100, Math.round((100 * done) / total)) : undefined;
  const left = showTimeLeft && mark.current ? jobTimeLeft(progress, mark.current, Date.now()) : null;
  const text = [jobProgressText(progress), left].filter(Boolean).join(' · ');
  return (
    <Stack spacing={0.5} sx={{ minWidth: 120 }}>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
        aria-label={text ? `${label}: ${text}` : label}
      />
      {text && <Typography variant="caption">{text}</Typography>}
    </Stack>
  );
}
