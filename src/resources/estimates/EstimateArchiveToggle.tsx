import { Button } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import { useListContext } from 'react-admin';
import { estimates } from '../../schema';

const archivedKeys = ['isArchived', estimates.field('isArchived')!.key];

/** Whether a list filter (e.g. from a link to the list) says anything about archived estimates. */
export function mentionsArchived(filter: Record<string, unknown> | null | undefined): boolean {
  return Boolean(filter) && archivedKeys.some((key) => key in filter!);
}

/** The list URL's own filter (react-admin keeps it as JSON in `filter`), or null when there is none. */
export function urlFilter(search: string): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(new URLSearchParams(search).get('filter') ?? 'null');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

interface EstimateArchiveToggleProps {
  showArchived: boolean;
  onChange: (showArchived: boolean) => void;
}

/**
 * Show/Hide Archive (SPEC §4). The page's own filter hides archived estimates; a filter that
 * came with the URL (a link from Home) is dropped when the user switches, so the button
 * always means what it says.
 */
export function EstimateArchiveToggle({ showArchived, onChange }: EstimateArchiveToggleProps) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const toggle = () => {
    if (mentionsArchived(filterValues)) {
      const rest = Object.fromEntries(Object.entries(filterValues).filter(([key]) => !archivedKeys.includes(key)));
      setFilters(rest, displayedFilters);
    }
    onChange(!showArchived);
  };
  return (
    <Button variant="outlined" startIcon={<ArchiveIcon />} aria-pressed={showArchived} onClick={toggle}>
      {showArchived ? 'Hide Archive' : 'Show Archive'}
    </Button>
  );
}
