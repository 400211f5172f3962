import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { format } from 'date-fns';
import type { RaRecord } from 'react-admin';
import type { Entity, ResolvedField } from '../../schema';
import { formatMoney } from '../../domain/money';
import { entityColumns, type ListColumn } from './columns';
import { withAddressMapLink } from '../detail/ContactLinks';

/** A stored date-time as tables show it, or 'N/A' when there is none (SPEC §2 Services). */
export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? 'N/A' : format(date, 'M/d/yyyy h:mm a');
}

/** How a table cell shows a field of its kind; undefined for plain text. */
export function fieldCell(field: Pick<ResolvedField, 'name' | 'kind' | 'money'>): ((record: RaRecord) => ReactNode) | undefined {
  const value = (record: RaRecord) => record[field.name];
  switch (field.kind) {
    case 'richText':
      // The server sanitises rich text on every write (server/richText.ts), so the HTML is safe to show.
      return (record) => (
        <Box className="rich-text-cell" sx={{ '& p': { m: 0 } }} dangerouslySetInnerHTML={{ __html: String(value(record) ?? '') }} />
      );
    case 'datetime':
      return (record) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(value(record))}
        </Box>
      );
    case 'boolean':
    case 'flag':
      return (record) => (value(record) ? <CheckIcon color="success" titleAccess="Yes" /> : <CloseIcon color="error" titleAccess="No" />);
    case 'decimal':
      return field.money ? (record) => formatMoney(value(record) as number | null) : undefined;
    default:
      return undefined;
  }
}

/**
 * Columns of declared fields, each shown as its kind wants (entityColumns picks and labels them);
 * an address's first line opens the whole address on a map.
 */
export function declaredColumns<R extends RaRecord = RaRecord>(
  entity: Pick<Entity, 'resolved'>,
  only?: readonly string[],
): ListColumn<R>[] {
  const columns = entityColumns<R>(entity, only).map((column) => {
    const field = entity.resolved.find((f) => f.name === column.source)!;
    return { ...column, render: fieldCell(field) ?? column.render };
  });
  return withAddressMapLink(columns as ListColumn<RaRecord>[]) as ListColumn<R>[];
}
