import { Button, Card, CardHeader, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UndoIcon from '@mui/icons-material/Undo';
import { formatMoney } from '../../domain/money';
import { shownInstant } from '../../domain/officeDate';
import { useApiAction } from '../../admin/actions/useApiAction';
import { useFileDownload } from '../../admin/downloads/useFileDownload';
import { useBillingExports } from './useBilling';

/**
 * Every export (issue 40): downloaded again at will; the newest can be undone (its lines are
 * exported again next time, under new invoice numbers). The customers and products/services
 * lists in QuickBooks Online's import layouts, for the bookkeeper to create first.
 */
export function BillingExportsCard() {
  const { data: exports = [] } = useBillingExports();
  const undo = useApiAction('undoBillingExport');
  const { download, busy } = useFileDownload();
  return (
    <Card>
      <CardHeader
        title="Exports"
        slotProps={{ title: { component: 'h2' } }}
        action={
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              disabled={busy}
              onClick={() => void download('/billing/quickBooks/customers')}
            >
              Customers for QuickBooks
            </Button>
            <Button size="small" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download('/billing/quickBooks/products')}>
              Products/Services for QuickBooks
            </Button>
          </Stack>
        }
      />
      <TableContainer tabIndex={0} role="region" aria-label="Exports">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Export</TableCell>
              <TableCell>Month</TableCell>
              <TableCell>Invoices</TableCell>
              <TableCell align="right">Lines</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell>Made</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {exports.map((made) => (
              <TableRow key={made.id}>
                <TableCell>{made.id}</TableCell>
                <TableCell>{made.month}</TableCell>
                <TableCell>
                  {made.firstInvoice}–{made.lastInvoice} ({made.invoices})
                </TableCell>
                <TableCell align="right">{made.lines}</TableCell>
                <TableCell align="right">{formatMoney(made.total)}</TableCell>
                <TableCell>
                  {shownInstant(made.createdAt)} {made.createdByName}
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    startIcon={<DownloadIcon />}
                    disabled={busy}
                    onClick={() => void download(`/billing/exports/${made.id}/file`)}
                  >
                    Download
                  </Button>
                  {made.undoable && (
                    <Button size="small" startIcon={<UndoIcon />} disabled={undo.isPending} onClick={() => undo.mutate([made.id])}>
                      Undo
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}
