import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { scaleFromCalibration, type PlanPosition } from '../../../domain/sitePlan';

interface PlanScaleDialogProps {
  from: PlanPosition;
  to: PlanPosition;
  onSet: (feetPerUnit: number) => void;
  onClose: () => void;
}

/** The scale line's known length, typed in feet, sets the plan's feet per unit. */
export function PlanScaleDialog({ from, to, onSet, onClose }: PlanScaleDialogProps) {
  const [feet, setFeet] = useState('');
  const typed = feet.trim() === '' ? Number.NaN : Number(feet);
  const scale = scaleFromCalibration(from, to, typed);
  const feetPerUnit = 'value' in scale ? scale.value : null;
  const problem = feet.trim() !== '' && 'error' in scale ? scale.error : null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="plan-scale-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // React carries a submit out of the portal to the site's own form around the card.
          event.stopPropagation();
          if (feetPerUnit !== null) onSet(feetPerUnit);
        }}
      >
        <DialogTitle id="plan-scale-title">Set the scale</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>How long is the line you drew, in feet?</DialogContentText>
          <TextField
            label="Known length (ft)"
            value={feet}
            onChange={(event) => setFeet(event.target.value)}
            // The dialog asks for this one number, right after the line was drawn.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            fullWidth
            autoComplete="off"
            error={problem !== null}
            helperText={problem ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={feetPerUnit === null}>
            Set Scale
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
