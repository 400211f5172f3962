import { Accordion, AccordionDetails, AccordionSummary, LinearProgress, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useFollowUpSettings, type FollowUpSettingsRecord } from '../../../company/useFollowUpSettings';
import { CompanyFollowUpsForm } from './CompanyFollowUpsForm';

function followUpSummary(settings: FollowUpSettingsRecord): string {
  if (!settings.enabled) return 'Off: no reminders go to clients';
  const after = settings.afterDays.length ? `${settings.afterDays.join(', ')} days after sending` : null;
  const before = settings.beforeExpiryDays ? `${settings.beforeExpiryDays} days before expiry` : null;
  const when = [after, before].filter(Boolean).join(' and ') || 'No reminders set';
  return `${when}, ${settings.sendFrom}–${settings.sendUntil}${settings.weekdaysOnly ? ' on weekdays' : ''}`;
}

/**
 * Settings › Company › Follow-ups (issue 39), folded like Email: when reminders of an open
 * proposal go to the client, and what they say. Its form mounts only when opened.
 */
export function CompanyFollowUpsCard() {
  const { data, isPending, error } = useFollowUpSettings();
  return (
    <Accordion slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="company-follow-ups-content" id="company-follow-ups-header">
        <Typography component="span" sx={{ fontWeight: 500, mr: 2 }}>
          Follow-ups
        </Typography>
        <Typography component="span" color="text.secondary">
          {isPending ? 'Loading…' : error || !data ? 'The follow-up settings could not be loaded.' : followUpSummary(data)}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="company-follow-ups-content">
        {isPending ? <LinearProgress aria-label="Loading follow-up settings" /> : data && <CompanyFollowUpsForm settings={data} />}
      </AccordionDetails>
    </Accordion>
  );
}
