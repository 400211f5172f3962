import { useState } from 'react';
import { useDataProvider, useNotify, type RaRecord } from 'react-admin';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { Button } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { printFileName } from '../../../domain/printing';
import { useDialogState } from '../../../admin/forms/useDialogState';
import { PrintDialog } from './PrintDialog';
import { openPrintTab, printDocument, type PrintChoice } from './printDocument';
import { SendProposalDialog } from '../proposals/SendProposalDialog';
import { useReportFailure } from '../../../admin/alerts/useReportFailure';

/**
 * Print on the estimate detail (SPEC §2): opens the print modal; printing closes it and shows
 * the PDF in a new tab; Send to client (issue 22) goes on to the send dialog with the same
 * choice. Self-contained: `<PrintButton estimate={record} />` in the header.
 */
export function PrintButton({ estimate }: { estimate: RaRecord }) {
  const dialog = useDialogState();
  const sending = useDialogState<PrintChoice>();
  const [printing, setPrinting] = useState(false);
  const reportFailure = useReportFailure();
  const notify = useNotify();
  const dataProvider = useDataProvider<YardstickDataProvider>();

  const print = (choice: PrintChoice) => {
    // The tab is opened here, in the click, or the browser would block it.
    const tab = openPrintTab(printFileName(choice.type, estimate.number));
    dialog.close();
    setPrinting(true);
    printDocument(estimate, choice, tab, dataProvider.download)
      .then((done) => notify(done, { type: 'success' }))
      .catch(reportFailure)
      .finally(() => setPrinting(false));
  };

  return (
    <>
      {/* Busy, not disabled, while a document is made: the closing dialog gives focus back to
          this button, which a disabled button cannot take (it would fall to the page's body). */}
      <Button
        variant="outlined"
        startIcon={<PrintIcon />}
        onClick={() => !printing && dialog.open(true)}
        aria-busy={printing}
        aria-disabled={printing}
      >
        Print
      </Button>
      <PrintDialog
        open={dialog.isOpen}
        onClose={dialog.close}
        onPrint={print}
        onSend={(choice) => {
          dialog.close();
          sending.open(choice);
        }}
      />
      <SendProposalDialog estimate={estimate} choice={sending.value} onClose={sending.close} />
    </>
  );
}
