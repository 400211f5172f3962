import type { KeyboardEvent, MouseEvent } from 'react';
import { IconButton, Stack } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import type { RaRecord } from 'react-admin';
import { termsConditions } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { declaredColumns } from '../../admin/lists/fieldCells';
import { EntityListPage } from '../../admin/generic/EntityListPage';
import { useMoveTerm } from './useMoveTerm';

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

/** /termsConditions: the generic list, whose Order cells also move a term up and down; a row opens the detail. */
export function TermConditionList() {
  const { move, isPending } = useMoveTerm();
  const columns = declaredColumns<RaRecord>(termsConditions, resolveScreens(termsConditions).listColumns).map((column) =>
    column.source === 'order'
      ? { ...column, render: (term: RaRecord) => <OrderCell term={term} move={move} disabled={isPending} /> }
      : column,
  );
  return <EntityListPage entity={termsConditions} columns={columns} />;
}
