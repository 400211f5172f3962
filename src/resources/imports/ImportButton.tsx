import { useState } from 'react';
import Button from '@mui/material/Button';
import UploadIcon from '@mui/icons-material/Upload';
import type { ImportKind } from '../../domain/importing/targets';
import { ImportWizard } from './ImportWizard';

/** The Import button of a list (Customers, Sites, Item Catalog): the wizard with the kind preset. */
export function ImportButton({ kind }: { kind?: ImportKind }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setOpen(true)}>
        Import
      </Button>
      {open && <ImportWizard open kind={kind} onClose={() => setOpen(false)} />}
    </>
  );
}

export const CustomersImportButton = () => <ImportButton kind="customers" />;
export const SitesImportButton = () => <ImportButton kind="sites" />;
export const ItemsImportButton = () => <ImportButton kind="items" />;
