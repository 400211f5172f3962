import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Stack, TextField, Typography } from '@mui/material';
import { fillTable } from '../../../domain/fillTable';
import type { PlanMeasure } from '../../../domain/planMeasure';
import { formatSize } from '../../../domain/quantities';

const threeDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The measurements a figure was worked out from. */
export interface FillTableMeasures {
  width: number;
  length: number;
  depth: number;
}

interface FillTableCalculatorProps {
  /** Copies a figure into the item's quantity (the calculator then closes). */
  onUse: (quantity: number, measures: FillTableMeasures) => void;
  onClose: () => void;
  /** Areas measured on the site plan: their total is the width × length (a strip 1 ft long), the depth still to type. */
  fromPlan?: PlanMeasure | null;
}

/** Whether the width × length are still the plan's area as it was given. */
export const isPlanArea = (fromPlan: PlanMeasure, { width, length }: Pick<FillTableMeasures, 'width' | 'length'>) =>
  width === fromPlan.total && length === 1;

/**
 * Fill Table Calculator (SPEC §9): width and length in feet, depth in inches give cubic
 * yards (3 decimals), cubic feet (rounded up) and tons (1.25 × cubic yards, 3 decimals),
 * each of which can become the item's quantity.
 */
export function FillTableCalculator({ onUse, onClose, fromPlan }: FillTableCalculatorProps) {
  const [width, setWidth] = useState(fromPlan ? String(fromPlan.total) : '');
  const [length, setLength] = useState(fromPlan ? '1' : '');
  const [depth, setDepth] = useState(fromPlan?.depthInches ? String(fromPlan.depthInches) : '');
  const figures = fillTable({ width, length, depth });
  const outputs = [
    { label: 'Cubic Yards', value: figures?.cubicYards, text: figures ? threeDecimals.format(figures.cubicYards) : '—' },
    { label: 'Cubic Feet', value: figures?.cubicFeet, text: figures ? whole.format(figures.cubicFeet) : '—' },
    { label: 'Tons', value: figures?.tons, text: figures ? threeDecimals.format(figures.tons) : '—' },
  ];
  const measure = (label: string, value: string, set: (value: string) => void) => (
    <TextField
      label={label}
      value={value}
      onChange={(event) => set(event.target.value)}
      fullWidth
      autoComplete="off"
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="fill-table-title">
      <DialogTitle id="fill-table-title">Fill Table Calculator</DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={4}>{measure('Width (ft)', width, setWidth)}</Grid>
          <Grid size={4}>{measure('Length (ft)', length, setLength)}</Grid>
          <Grid size={4}>{measure('Depth (in)', depth, setDepth)}</Grid>
        </Grid>
        {fromPlan && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Width × length: {formatSize(fromPlan.total)} ft² measured on the plan ({fromPlan.shapes.map((shape) => shape.name).join(', ')}
            ). Type the depth.
          </Typography>
        )}
        {!figures && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Enter the width, length and depth as numbers of 0 or more.
          </Typography>
        )}
        <Stack spacing={1} sx={{ mt: 2 }}>
          {outputs.map(({ label, value, text }) => (
            <Stack key={label} direction="row" alignItems="center" spacing={2}>
              <Typography sx={{ flex: 1 }}>
                {label}: <strong>{text}</strong>
              </Typography>
              <Button
                size="small"
                variant="outlined"
                disabled={value === undefined}
                // The name holds what the button shows (WCAG 2.5.3 "Label in Name").
                aria-label={`Use ${label} as Quantity`}
                onClick={() => value !== undefined && onUse(value, { width: Number(width), length: Number(length), depth: Number(depth) })}
              >
                Use {label}
              </Button>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
