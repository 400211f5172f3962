import { Card, CardHeader, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useGetList, type Identifier } from 'react-admin';
import { services } from '../../schema';
import { ALL_ROWS } from '../../admin/lists/pageLinks';
import { useSiteServices } from './useSiteServices';

/**
 * 'Services (n)': every service, the site's own ticked; a click assigns or unassigns it at
 * once (n counts the assigned ones).
 */
export function SiteServicesCard({ siteId }: { siteId: Identifier }) {
  const { data: allServices, isPending } = useGetList(services.name, {
    pagination: { ...ALL_ROWS },
    sort: { field: services.defaultSort.key, order: services.defaultSort.direction },
  });
  const { assigned, toggle } = useSiteServices(siteId);

  return (
    <Card>
      <CardHeader title={`Services (${assigned.size})`} />
      {!isPending && allServices?.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }}>No Services</Typography>
      ) : (
        <List dense aria-label="Services">
          {allServices?.map((service) => {
            const checked = assigned.has(service.id as number);
            return (
              <ListItem key={service.id} disablePadding>
                <ListItemButton role="checkbox" aria-checked={checked} onClick={() => toggle(service.id as number, checked)}>
                  <ListItemIcon sx={{ minWidth: 36 }}>{checked && <CheckIcon color="primary" />}</ListItemIcon>
                  <ListItemText primary={service.name} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Card>
  );
}
