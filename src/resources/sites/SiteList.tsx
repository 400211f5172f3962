import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { sites } from '../../schema';
import { ResourceListPage } from '../../custom/lists/ResourceListPage';
import { useDialogState } from '../../custom/forms/useDialogState';
import { NewSiteDialog } from './NewSiteDialog';

/** /sites: as the customers list — search 'Search Sites', sortable columns, paging, 'New Site'. */
export function SiteList() {
  const newSite = useDialogState();
  return (
    <ResourceListPage
      entity={sites}
      title="Sites"
      searchPlaceholder="Search Sites"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => newSite.open(true)}>
          New Site
        </Button>
      }
    >
      <NewSiteDialog open={newSite.isOpen} onClose={newSite.close} />
    </ResourceListPage>
  );
}
