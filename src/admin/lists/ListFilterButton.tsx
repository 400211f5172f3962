import { useState, type ReactNode } from 'react';
import { Badge, Button, IconButton, Popover } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useListContext } from 'react-admin';
import { selectedValues } from './FilterCheckboxList';

export interface ListFilterButtonProps {
  filterKey: string;
  /** The column's label ("Filter Customer Name"). */
  label: string;
  /** The popover's content, mounted only while it is open (so its values load on first use). */
  children: ReactNode;
  /** In a toolbar rather than a column header: a button that says its label. */
  labelled?: boolean;
}

/** A column header's filter button: shows how many values are ticked, opens its popover (SPEC §2 Operations: filter popovers on columns). */
export function ListFilterButton({ filterKey, label, children, labelled = false }: ListFilterButtonProps) {
  const { filterValues } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = selectedValues(filterValues, filterKey).length;
  return (
    <>
      {labelled ? (
        <Button
          aria-label={`Filter ${label}`}
          aria-haspopup="dialog"
          variant={count ? 'contained' : 'outlined'}
          startIcon={<FilterListIcon />}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {label}
          {count ? ` (${count})` : ''}
        </Button>
      ) : (
        <IconButton
          size="small"
          aria-label={`Filter ${label}`}
          aria-haspopup="dialog"
          color={count ? 'primary' : 'default'}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ ml: 0.5 }}
        >
          {count ? (
            <Badge badgeContent={count} color="primary" max={99}>
              <FilterListIcon fontSize="small" />
            </Badge>
          ) : (
            <FilterListIcon fontSize="small" />
          )}
        </IconButton>
      )}
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': `Filter ${label}` } as object }}
      >
        {children}
      </Popover>
    </>
  );
}
