import { useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { HttpError, useNotify } from 'react-admin';
import { useSavePavedArea, type BoardSite } from './useStormBoard';

export const PAVED_AREA_SAVED = 'Paved area saved';

/** A site's paved area in ft² (what de-icing is planned by), saved on its own; empty: not known. */
export function PavedAreaInput({ site }: { site: BoardSite }) {
  const notify = useNotify();
  const save = useSavePavedArea();
  const [typed, setTyped] = useState(site.pavedArea === null ? '' : String(site.pavedArea));
  const [error, setError] = useState('');
  const submit = async () => {
    setError('');
    try {
      await save.mutateAsync({ siteID: site.siteID, pavedArea: typed.trim() === '' ? null : Number(typed) });
      notify(PAVED_AREA_SAVED, { type: 'success' });
    } catch (failure) {
      const body = failure instanceof HttpError ? (failure.body as { message?: string; errors?: Record<string, string> } | null) : null;
      setError(body?.errors?.pavedArea ?? body?.message ?? String(failure));
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        type="number"
        size="small"
        label="Paved area (ft²)"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 0, inputMode: 'numeric' } }}
        sx={{ flex: 1 }}
      />
      <Button variant="outlined" sx={{ minHeight: 40 }} disabled={save.isPending} onClick={() => void submit()}>
        Save area
      </Button>
    </Stack>
  );
}
