import { Button, Card, CardContent, CardHeader, List, ListItem, ListItemIcon, ListItemText, Link } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useGetIdentity, useStore } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useCompanyProfile } from '../../company/useCompanyProfile';
import { settingsTabPath } from '../settings/settingsTabs';
import { useUsers } from '../../admin/forms/useUsers';
import { useImportHistory } from '../../resources/imports/useImports';
import { hasContactDetails } from '../../schema/userAccount';
import { USER_SETTINGS_ROUTE } from '../../providers/navigation';
import { useRevealPending } from './RevealInOrder';

export const GETTING_STARTED_DISMISSED = 'home.gettingStarted.dismissed';

interface Step {
  label: string;
  detail: string;
  to: string;
  done: boolean;
}

/**
 * Home's *Getting started* (issue 25): your own details (issue 35), the company's letterhead,
 * its customers, its colleagues, each ticked when done. Shown until all are done, or hidden by the user.
 */
export function GettingStartedCard() {
  const [dismissed, setDismissed] = useStore(GETTING_STARTED_DISMISSED, false);
  const { data: profile, isPending: profilePending } = useCompanyProfile();
  const { data: users, isPending: usersPending } = useUsers();
  const { data: imports, isPending: importsPending } = useImportHistory();
  const { identity, isPending: identityPending } = useGetIdentity();
  useRevealPending(!dismissed && (profilePending || usersPending || importsPending || identityPending));
  if (dismissed || !profile || !users || !imports || !identity) return null;
  const me = users.find((user) => user.id === Number(identity.id));
  const steps: Step[] = [
    {
      label: 'Add your name and email',
      detail: "Clients see them as their contact on your proposals (the company's until then).",
      to: USER_SETTINGS_ROUTE,
      done: Boolean(me && hasContactDetails({ email: me.email ?? null })),
    },
    {
      label: 'Set up the company',
      detail: 'Its name, address and logo head every proposal and materials list.',
      to: settingsTabPath('Company'),
      done: profile.version > 0 && Boolean(profile.name),
    },
    {
      label: 'Import customers',
      detail: 'From a spreadsheet or an export of QuickBooks, LMN or Jobber: customers with their contacts and sites.',
      to: settingsTabPath('Import'),
      done: imports.some((entry) => entry.status === 'committed'),
    },
    {
      label: 'Add colleagues',
      detail: 'Each signs in with their own account.',
      to: settingsTabPath('Users'),
      done: users.length > 1,
    },
  ];
  if (steps.every((step) => step.done)) return null;
  return (
    <Card component="section" aria-labelledby="getting-started-heading">
      <CardHeader
        title="Getting started"
        slotProps={{ title: { component: 'h2', id: 'getting-started-heading' } }}
        action={<Button onClick={() => setDismissed(true)}>Hide</Button>}
      />
      <CardContent sx={{ pt: 0 }}>
        <List aria-label="Steps">
          {steps.map((step) => (
            <ListItem key={step.label} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {step.done ? (
                  <CheckCircleIcon color="success" titleAccess="Done" />
                ) : (
                  <RadioButtonUncheckedIcon color="disabled" titleAccess="To do" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={step.to}>
                    {step.label}
                  </Link>
                }
                secondary={step.detail}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
