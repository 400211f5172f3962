import { Box } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { format } from 'date-fns';
import type { RaRecord } from 'react-admin';
import { services } from '../../schema';
import { entityColumns, type ListColumn } from '../../custom/lists/columns';

/** A stored date-time as the table shows it, or 'N/A' when there is none (SPEC §2 Services). */
export function formatServiceDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? 'N/A' : format(date, 'M/d/yyyy h:mm a');
}

const renderers: Record<string, (record: RaRecord) => React.ReactNode> = {
  // The server sanitises descriptions on every write (server/richText.ts), so the HTML is safe to show.
  description: (record) => <Box className="service-description" sx={{ '& p': { m: 0 } }} dangerouslySetInnerHTML={{ __html: String(record.description ?? '') }} />,
  startDate: (record) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{formatServiceDate(record.startDate)}</Box>,
  endDate: (record) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{formatServiceDate(record.endDate)}</Box>,
  isRecurring: (record) =>
    record.isRecurring ? <CheckIcon color="success" titleAccess="Yes" /> : <CloseIcon color="error" titleAccess="No" />,
};

/** Name, Description, Start Date, End Date and Recurring, each sortable. */
export const serviceColumns: ListColumn<RaRecord>[] = entityColumns<RaRecord>(services).map((column) => ({
  ...column,
  render: renderers[column.source],
}));
