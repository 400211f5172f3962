import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext } from 'react-admin';
import type { ExportFormat } from '../../schema/listExport';
import { listQuery, type ListShape } from '../../providers/listParams';
import { useFileDownload } from '../downloads/useFileDownload';

export interface ExportButtonProps {
  /** The list's declaration: its route and the keys its query uses. */
  list: ListShape & { route: string };
  /** Filters the page itself fixes (they select the rows too, as in the list's own request). */
  filter?: Record<string, unknown>;
}

const formats: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
];

/**
 * Export, then CSV or Excel: every row the list's current search, filters and sort select
 * (not only the page), from `GET /api/<route>/export`, saved under the server's file name.
 */
export function ExportButton({ list, filter }: ExportButtonProps) {
  const { filterValues, sort } = useListContext();
  const { download, busy } = useFileDownload();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const exportAs = (format: ExportFormat) => {
    setAnchor(null);
    const query = listQuery(list, { sort, filter: { ...filterValues, ...filter } });
    void download(`/${list.route}/export`, { ...query, format });
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={busy}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Export
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {formats.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => exportAs(format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
