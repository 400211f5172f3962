import { FormControlLabel, Switch } from '@mui/material';
import { useListContext } from 'react-admin';
import { AGREEMENT_OVER_BUDGET } from '../../schema/agreements';

/** Over budget only (issue 40): the agreements whose crews took more hours than planned for the visits done. */
export function OverBudgetToggle() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const on = filterValues?.[AGREEMENT_OVER_BUDGET] === 'true' || filterValues?.[AGREEMENT_OVER_BUDGET] === true;
  const toggle = (checked: boolean) => {
    const rest = Object.fromEntries(Object.entries(filterValues ?? {}).filter(([key]) => key !== AGREEMENT_OVER_BUDGET));
    setFilters(checked ? { ...rest, [AGREEMENT_OVER_BUDGET]: 'true' } : rest, displayedFilters);
  };
  return (
    <FormControlLabel
      control={<Switch checked={on} onChange={(event) => toggle(event.target.checked)} />}
      label="Over budget only"
      sx={{ alignSelf: 'center', mr: 1 }}
    />
  );
}
