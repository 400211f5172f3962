import { Accordion, AccordionDetails, AccordionSummary, LinearProgress, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLostReasons, type LostReasonsRecord } from '../../../company/useLostReasons';
import { CompanyLostReasonsForm } from './CompanyLostReasonsForm';

function lostReasonsSummary({ reasons }: LostReasonsRecord): string {
  const officeOnly = reasons.filter((reason) => reason.officeOnly).length;
  return `${reasons.length} reason${reasons.length === 1 ? '' : 's'}${officeOnly ? `, ${officeOnly} for the office only` : ''}`;
}

/**
 * Settings › Company › Lost reasons (issue 39), folded like Follow-ups: why estimates are lost,
 * asked when one is marked Estimate Lost and offered on the client's decline. Its form mounts
 * only when opened.
 */
export function CompanyLostReasonsCard() {
  const { data, isPending, error } = useLostReasons();
  return (
    <Accordion slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="company-lost-reasons-content" id="company-lost-reasons-header">
        <Typography component="span" sx={{ fontWeight: 500, mr: 2 }}>
          Lost reasons
        </Typography>
        <Typography component="span" color="text.secondary">
          {isPending ? 'Loading…' : error || !data ? 'The lost reasons could not be loaded.' : lostReasonsSummary(data)}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="company-lost-reasons-content">
        {isPending ? <LinearProgress aria-label="Loading lost reasons" /> : data && <CompanyLostReasonsForm lostReasons={data} />}
      </AccordionDetails>
    </Accordion>
  );
}
