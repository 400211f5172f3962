import { useState } from 'react';
import {
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useGetList } from 'react-admin';
import SendIcon from '@mui/icons-material/Send';
import {
  DEFAULT_APPROVAL,
  DEFAULT_PRINT_TYPE,
  PRINT_TYPES,
  asksForApproval,
  isProposalType,
  takesTerms,
  type PrintType,
} from '../../../domain/printing';
import { termsConditions } from '../../../schema';
import { ALL_ROWS } from '../../../admin/lists/pageLinks';
import type { PrintChoice } from './printDocument';

interface Term {
  id: number;
  name: string;
  isAuto: number;
}

interface PrintDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called in the click on Print (a new tab may only be opened there). */
  onPrint: (choice: PrintChoice) => void;
  /** Offers "Send to client" beside Print for a proposal's print types (issue 22). */
  onSend?: (choice: PrintChoice) => void;
}

/**
 * The print modal (SPEC §4 Printing): the print type (Total Price Only unless changed), 'Ask for
 * Approval' Yes/No for Work Area Prices Only (Yes unless changed), and the Terms & Conditions
 * in their order, those always included ticked, for every type but Materials.
 */
export function PrintDialog({ open, onClose, onPrint, onSend }: PrintDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="print-dialog-title" fullWidth maxWidth="sm">
      {/* Mounted only while open: every opening starts from the defaults. */}
      {open && <PrintForm onClose={onClose} onPrint={onPrint} onSend={onSend} />}
    </Dialog>
  );
}

function PrintForm({ onClose, onPrint, onSend }: Omit<PrintDialogProps, 'open'>) {
  const [type, setType] = useState<PrintType>(DEFAULT_PRINT_TYPE);
  const [approval, setApproval] = useState(DEFAULT_APPROVAL);
  // Ticks the user changed; the others follow isAuto.
  const [ticks, setTicks] = useState<Map<number, boolean>>(new Map());
  const {
    data: terms,
    isPending,
    error,
  } = useGetList<Term>(termsConditions.name, {
    pagination: { ...ALL_ROWS },
    sort: { field: termsConditions.defaultSort.key, order: termsConditions.defaultSort.direction },
  });
  const withTerms = takesTerms(type);
  const isTicked = (term: Term) => ticks.get(term.id) ?? term.isAuto === 1;
  const toggle = (term: Term) => setTicks((current) => new Map(current).set(term.id, !isTicked(term)));

  const choice = (): PrintChoice => {
    const termIDs = withTerms ? (terms ?? []).filter(isTicked).map((term) => term.id) : [];
    return { type, approval: asksForApproval(type) && approval, termIDs };
  };
  const termsMissing = withTerms && (isPending || Boolean(error));

  return (
    <>
      <DialogTitle id="print-dialog-title">Print</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label="Print Type" value={type} onChange={(event) => setType(event.target.value as PrintType)} fullWidth>
            {PRINT_TYPES.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
          {asksForApproval(type) && (
            <FormControl>
              <FormLabel id="print-approval-label">Ask for Approval</FormLabel>
              <RadioGroup
                row
                aria-labelledby="print-approval-label"
                value={approval ? 'yes' : 'no'}
                onChange={(event) => setApproval(event.target.value === 'yes')}
              >
                <FormControlLabel value="yes" control={<Radio />} label="Yes" />
                <FormControlLabel value="no" control={<Radio />} label="No" />
              </RadioGroup>
            </FormControl>
          )}
          {withTerms && (
            <FormControl component="fieldset">
              <FormLabel component="legend">Terms &amp; Conditions</FormLabel>
              {isPending ? (
                <CircularProgress size={24} aria-label="Loading terms & conditions" sx={{ mt: 1 }} />
              ) : error ? (
                <Typography color="error">The terms &amp; conditions could not be loaded.</Typography>
              ) : terms?.length ? (
                <FormGroup>
                  {terms.map((term) => (
                    <FormControlLabel
                      key={term.id}
                      control={<Checkbox checked={isTicked(term)} onChange={() => toggle(term)} />}
                      label={term.name}
                    />
                  ))}
                </FormGroup>
              ) : (
                <Typography color="text.secondary">No terms &amp; conditions yet.</Typography>
              )}
            </FormControl>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {onSend && isProposalType(type) && (
          <Button variant="outlined" startIcon={<SendIcon />} onClick={() => onSend(choice())} disabled={termsMissing}>
            Send to client
          </Button>
        )}
        <Button variant="contained" onClick={() => onPrint(choice())} disabled={termsMissing}>
          Print
        </Button>
      </DialogActions>
    </>
  );
}
