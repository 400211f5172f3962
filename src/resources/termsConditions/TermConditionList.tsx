import type { KeyboardEvent, MouseEvent } from 'react';
import { Button, IconButton, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import type { RaRecord } from 'react-admin';
import { termsConditions } from '../../schema';
import type { ListColumn } from '../../custom/lists/columns';
import { ResourceListPage } from '../../custom/lists/ResourceListPage';
import { useDialogState } from '../../custom/forms/useDialogState';
import { EntityNewDialog } from '../../custom/generic/EntityNewDialog';
import { useMoveTerm } from './useMoveTerm';

const keyOf = (name: string) => termsConditions.field(name)!.key;

/** Clicks and keys on the move buttons must not also open the row. */
const keepInCell = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

function OrderCell({ term, move, disabled }: { term: RaRecord; move: ReturnType<typeof useMoveTerm>['move']; disabled: boolean }) {
  return (
    <Stack direction="row" alignItems="center" spacing={0.5} onClick={keepInCell} onKeyDown={keepInCell}>
      <span>{term.order}</span>
      <IconButton size="small" aria-label={`Move ${term.name} up`} disabled={disabled} onClick={() => move(term, -1)}>
        <ArrowUpwardIcon fontSize="inherit" />
      </IconButton>
      <IconButton size="small" aria-label={`Move ${term.name} down`} disabled={disabled} onClick={() => move(term, 1)}>
        <ArrowDownwardIcon fontSize="inherit" />
      </IconButton>
    </Stack>
  );
}

const AutoCell = ({ term }: { term: RaRecord }) =>
  term.isAuto === 1 ? (
    <CheckIcon color="success" titleAccess="Yes" aria-hidden={false} />
  ) : (
    <CloseIcon color="error" titleAccess="No" aria-hidden={false} />
  );

/** /termsConditions: Order (with move up/down), Name, Always Include on Proposal; a row opens the detail. */
export function TermConditionList() {
  const newTerm = useDialogState();
  const { move, isPending } = useMoveTerm();
  const columns: ListColumn<RaRecord>[] = [
    { source: 'order', label: 'Order', sortKey: keyOf('order'), render: (t) => <OrderCell term={t} move={move} disabled={isPending} /> },
    { source: 'name', label: 'Name', sortKey: keyOf('name') },
    { source: 'isAuto', label: 'Always Include on Proposal', sortKey: keyOf('isAuto'), render: (t) => <AutoCell term={t} /> },
  ];
  return (
    <ResourceListPage
      entity={termsConditions}
      title="Terms & Conditions"
      searchPlaceholder="Search Terms & Conditions"
      columns={columns}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => newTerm.open(true)}>
          New Term & Condition
        </Button>
      }
    >
      <EntityNewDialog entity={termsConditions} open={newTerm.isOpen} onClose={newTerm.close} />
    </ResourceListPage>
  );
}
