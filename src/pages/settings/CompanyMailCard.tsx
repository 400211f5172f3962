import { Accordion, AccordionDetails, AccordionSummary, Divider, LinearProgress, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { CompanyMailForm } from './CompanyMailForm';
import type { MailSettings } from '../../schema/mailSettings';
import { useMailSettings } from '../../company/useMailSettings';
import { FailedMailList } from '../../resources/estimates/proposals/FailedMailList';

function mailSummary(settings: MailSettings): string {
  if (settings.source === 'environment') return "Set by the server's SMTP_URL and MAIL_FROM";
  if (!settings.configured) return 'Not set up: proposals are sent as a link to copy';
  return `From ${settings.fromAddress} through ${settings.host}`;
}

/**
 * Settings › Company › Email (issue 22), folded until opened: set once, rarely changed. Its
 * form mounts only when opened, so the Company card's Save stays the page's one Save. Opened,
 * it also lists the mail that finally failed, with Send again (issue 35).
 */
export function CompanyMailCard() {
  const { data, isPending, error } = useMailSettings();
  return (
    <Accordion slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="company-mail-content" id="company-mail-header">
        <Typography component="span" sx={{ fontWeight: 500, mr: 2 }}>
          Email
        </Typography>
        <Typography component="span" color="text.secondary">
          {isPending ? 'Loading…' : error || !data ? 'The email settings could not be loaded.' : mailSummary(data)}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="company-mail-content">
        {isPending ? <LinearProgress aria-label="Loading email settings" /> : data && <CompanyMailForm settings={data} />}
        <Divider sx={{ my: 3 }} />
        <FailedMailList />
      </AccordionDetails>
    </Accordion>
  );
}
