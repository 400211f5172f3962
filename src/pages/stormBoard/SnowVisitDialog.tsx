import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { HttpError, useNotify, type Identifier } from 'react-admin';
import { SNOW_MATERIAL_UNITS, SNOW_SERVICES, type SnowMaterialUnit } from '../../domain/snowPricing';
import { localDateTime, now } from '../../resources/storms/snowClock';
import { serviceLabel, type SnowVisit } from '../../resources/storms/snowVisit';
import { useLogVisit, type BoardSite } from './useStormBoard';
import { fieldErrors, REASON_REQUIRED, visitBody, type VisitFormValues } from './visitForm';

export const VISIT_LOGGED = 'Visit logged';
export const CORRECTION_LOGGED = 'Correction logged';

const FORM_FIELDS = [
  'arrival',
  'departure',
  'services',
  'passes',
  'materialKind',
  'materialQuantity',
  'materialUnit',
  'depth',
  'crew',
  'notes',
  'reason',
];

interface SnowVisitDialogProps {
  stormId: Identifier;
  site: BoardSite;
  initial: VisitFormValues;
  /** The entry this corrects: the form then asks for a reason. */
  corrects?: SnowVisit;
  onClose: (saved?: SnowVisit, crew?: string) => void;
}

/** The short log form of a visit at a site, or of a correction of one: large inputs for gloved hands. */
export function SnowVisitDialog({ stormId, site, initial, corrects, onClose }: SnowVisitDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const notify = useNotify();
  const logVisit = useLogVisit(stormId);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const set = (field: keyof VisitFormValues) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
  const toggle = (service: (typeof SNOW_SERVICES)[number]) =>
    setValues((previous) => ({
      ...previous,
      services: previous.services.includes(service)
        ? previous.services.filter((s) => s !== service)
        : SNOW_SERVICES.filter((s) => s === service || previous.services.includes(s)),
    }));

  const submit = async () => {
    if (corrects && !values.reason.trim()) {
      setErrors({ reason: REASON_REQUIRED });
      return;
    }
    setErrors({});
    setFormError('');
    try {
      const saved = await logVisit.mutateAsync(visitBody(site.siteID, values, corrects?.id));
      notify(corrects ? CORRECTION_LOGGED : VISIT_LOGGED, { type: 'success' });
      onClose(saved, values.crew.trim());
    } catch (error) {
      const body = error instanceof HttpError ? (error.body as { message?: string; errors?: Record<string, string> } | null) : null;
      const byField = fieldErrors(body?.errors);
      setErrors(byField);
      const unplaced = Object.keys(byField).filter((field) => !FORM_FIELDS.includes(field));
      if (unplaced.length || !Object.keys(byField).length)
        setFormError(unplaced.length ? unplaced.map((field) => byField[field]).join(' ') : (body?.message ?? String(error)));
    }
  };

  const field = (name: keyof VisitFormValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
      slotProps={{ inputLabel: { shrink: true } }}
      {...extra}
    />
  );

  const title = `${corrects ? 'Correct visit' : 'Log visit'} — ${site.siteName}`;
  return (
    <Dialog
      open
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      // A gloved tap beside the form does not lose it: Cancel or Escape closes.
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-label={title}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          {corrects && field('reason', 'Reason', { required: true, multiline: true, autoFocus: true })}
          {field('arrival', 'Arrival', { type: 'datetime-local' })}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {field('departure', 'Departure', { type: 'datetime-local' })}
            <Button
              variant="outlined"
              sx={{ minHeight: 56, flexShrink: 0 }}
              aria-label="Departure now"
              onClick={() => setValues((previous) => ({ ...previous, departure: localDateTime(now()) }))}
            >
              Now
            </Button>
          </Stack>
          <FormControl error={Boolean(errors.services)} component="fieldset">
            <FormLabel component="legend">Services</FormLabel>
            <FormGroup row>
              {SNOW_SERVICES.map((service) => (
                <FormControlLabel
                  key={service}
                  sx={{ minHeight: 48, mr: 2 }}
                  control={<Checkbox checked={values.services.includes(service)} onChange={() => toggle(service)} />}
                  label={serviceLabel(service)}
                />
              ))}
            </FormGroup>
            {errors.services && <FormHelperText>{errors.services}</FormHelperText>}
          </FormControl>
          {field('passes', 'Passes', {
            type: 'number',
            slotProps: { inputLabel: { shrink: true }, htmlInput: { min: 0, inputMode: 'numeric' } },
          })}
          {field('materialKind', 'Material', { placeholder: 'Rock salt' })}
          <Stack direction="row" spacing={1}>
            {field('materialQuantity', 'Quantity', {
              type: 'number',
              slotProps: { inputLabel: { shrink: true }, htmlInput: { min: 0, step: 'any', inputMode: 'decimal' } },
            })}
            <TextField
              select
              label="Unit"
              value={values.materialUnit}
              onChange={(event) => setValues((previous) => ({ ...previous, materialUnit: event.target.value as SnowMaterialUnit }))}
              error={Boolean(errors.materialUnit)}
              helperText={errors.materialUnit}
              sx={{ minWidth: 110 }}
            >
              {SNOW_MATERIAL_UNITS.map((unit) => (
                <MenuItem key={unit} value={unit}>
                  {unit}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {field('depth', 'Depth on site (in)', {
            type: 'number',
            slotProps: { inputLabel: { shrink: true }, htmlInput: { min: 0, step: 'any', inputMode: 'decimal' } },
          })}
          {field('crew', 'Crew')}
          {field('notes', 'Notes', { multiline: true, minRows: 2 })}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ p: 2 }}>
        <Button size="large" onClick={() => onClose()}>
          Cancel
        </Button>
        <Button size="large" variant="contained" disabled={logVisit.isPending} onClick={() => void submit()}>
          {corrects ? 'Save correction' : 'Save visit'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
