import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext } from 'react-admin';
import { operations } from '../../schema/operations';
import { listQuery } from '../../providers/listParams';
import { useFileDownload } from '../../admin/downloads/useFileDownload';

/** Download Operations (SPEC §2): the XLSX of every row the search and filters select, sorted as shown. */
export function DownloadOperationsButton() {
  const { filterValues, sort } = useListContext();
  const { download, busy } = useFileDownload();
  const onClick = () => download(`/${operations.route}/download`, listQuery(operations, { filter: filterValues, sort }));
  return (
    <Button variant="contained" startIcon={<DownloadIcon />} onClick={onClick} disabled={busy}>
      Download Operations
    </Button>
  );
}
