import { useState } from 'react';
import { Card, CardContent, CardHeader, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { Identifier } from 'react-admin';
import { RevisionList } from './RevisionList';
import { RevisionComparisonView } from './RevisionComparisonView';
import { useRevisions } from './useRevisions';

/**
 * The estimate detail's History panel (issue 23): every revision with who sent it and when,
 * and what changed between any two of them (the one before the current and the current at first).
 */
export function HistoryPanel({ estimate }: { estimate: { id: Identifier; version?: unknown } }) {
  const { data: revisions, isPending, error } = useRevisions(estimate.id, estimate.version);
  const [chosen, setChosen] = useState<{ from: number; to: number } | null>(null);
  const numbers = revisions?.map((r) => r.revision) ?? [];
  const latest = numbers.at(-1) ?? 1;
  const pair =
    chosen && numbers.includes(chosen.from) && numbers.includes(chosen.to) ? chosen : { from: Math.max(1, latest - 1), to: latest };

  return (
    <Card component="section" aria-labelledby="history-heading" sx={{ mt: 2 }}>
      <CardHeader
        title="History"

        slotProps={{ title: { component: 'h2', id: 'history-heading' } }}
        subheader="Sending a proposal keeps its revision; the first change after it starts the next."
      />
      <CardContent>
        {isPending ? (
          <LinearProgress aria-label="Loading history" />
        ) : error || !revisions ? (
          <Typography color="error">The history could not be loaded.</Typography>
        ) : (
          <>
            <RevisionList estimateId={estimate.id} revisions={revisions} />
            {revisions.length < 2 ? (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                One revision so far: there is nothing to compare yet.
              </Typography>
            ) : (
              <>
                <Stack direction="row" spacing={2} sx={{ mt: 3, mb: 2 }}>
                  <RevisionSelect label="Compare" value={pair.from} numbers={numbers} onChange={(from) => setChosen({ ...pair, from })} />
                  <RevisionSelect label="With" value={pair.to} numbers={numbers} onChange={(to) => setChosen({ ...pair, to })} />
                </Stack>
                <RevisionComparisonView estimateId={estimate.id} from={pair.from} to={pair.to} estimateVersion={estimate.version} />
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

interface RevisionSelectProps {
  label: string;
  value: number;
  numbers: number[];
  onChange: (revision: number) => void;
}

function RevisionSelect({ label, value, numbers, onChange }: RevisionSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 120 }}
    >
      {numbers.map((n) => (
        <MenuItem key={n} value={n}>
          R{n}
        </MenuItem>
      ))}
    </TextField>
  );
}
