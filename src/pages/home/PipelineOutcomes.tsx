import { useState } from 'react';
import { Box, Grid, Stack, TextField, Typography } from '@mui/material';
import { formatMoney } from '../../domain/money';
import { isCalendarDate } from '../../domain/officeDate';
import type { OutcomeRow, Pipeline } from '../../domain/pipeline';
import { RecordDataTable } from '../../admin/lists/RecordDataTable';
import type { ListColumn } from '../../admin/lists/columns';

type Outcomes = Pipeline['outcomes'];
const rate = (row: OutcomeRow) => (row.winRatePercent === null ? '—' : `${row.winRatePercent} %`);

const reasonColumns: ListColumn<Outcomes['byReason'][number] & { id: string }>[] = [
  { source: 'reason', label: 'Lost reason', render: (row) => row.reason || 'Not given' },
  { source: 'lost', label: 'Lost', align: 'right' },
  { source: 'lostValue', label: 'Lost value', align: 'right', render: (row) => formatMoney(row.lostValue) },
];

const salespersonColumns: ListColumn<Outcomes['bySalesperson'][number] & { id: string }>[] = [
  { source: 'name', label: 'Salesperson', render: (row) => row.name || 'No salesperson' },
  { source: 'won', label: 'Won', align: 'right' },
  { source: 'lost', label: 'Lost', align: 'right' },
  { source: 'winRatePercent', label: 'Win rate', align: 'right', render: rate },
  { source: 'lostValue', label: 'Lost value', align: 'right', render: (row) => formatMoney(row.lostValue) },
];

/** A date of the period: changed when it is a whole date (a half-typed one waits). */
function PeriodDate({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  const [typed, setTyped] = useState(value);
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={typed}
      onChange={(event) => {
        setTyped(event.target.value);
        if (isCalendarDate(event.target.value)) onChange(event.target.value);
      }}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 180 }}
    />
  );
}

/**
 * The period's wins and losses (issue 39): estimates created from From to To (office dates),
 * the win rate and the value lost, by lost reason and by salesperson.
 */
export function PipelineOutcomes({ outcomes, onPeriod }: { outcomes: Outcomes; onPeriod: (period: { from: string; to: string }) => void }) {
  const { from, to, total } = outcomes;
  return (
    <Box component="section" aria-label="Won and lost" sx={{ mt: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Won and lost, estimates created
        </Typography>
        <PeriodDate label="From" value={from} onChange={(day) => day <= to && onPeriod({ from: day, to })} />
        <PeriodDate label="To" value={to} onChange={(day) => day >= from && onPeriod({ from, to: day })} />
      </Stack>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {total.won} won · {total.lost} lost · win rate {rate(total)} · {formatMoney(total.lostValue)} lost
      </Typography>
      <Grid container spacing={2}>
        {/* Scrolled sideways on a phone: focusable, so that the keyboard can scroll it too (axe). */}
        <Grid size={{ xs: 12, md: 5 }} sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Lost by reason, scrollable">
          <RecordDataTable
            columns={reasonColumns}
            rows={outcomes.byReason.map((row) => ({ ...row, id: row.reason }))}
            sortable={false}
            emptyText="Nothing lost in this period."
            aria-label="Lost by reason"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }} sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="By salesperson, scrollable">
          <RecordDataTable
            columns={salespersonColumns}
            rows={outcomes.bySalesperson.map((row) => ({ ...row, id: String(row.salesperson) }))}
            sortable={false}
            emptyText="Nothing decided in this period."
            aria-label="Won and lost by salesperson"
          />
        </Grid>
      </Grid>
    </Box>
  );
}
