import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { formatMoney } from '../../domain/money';
import { CompanyCostingForm } from './CompanyCostingForm';
import type { CompanyProfile } from '../../company/useCompanyProfile';

/** The profile exists once its details were first saved (its name is required with the rest). */
const isSaved = (profile: CompanyProfile) => profile.version > 0;

function costingSummary(profile: CompanyProfile): string {
  const salt = profile.saltRate == null ? '' : ` · salt ${Number(profile.saltRate)} lb per 1,000 ft²`;
  if (profile.laborRate == null) return `Not set: crew hours are not costed yet${salt}`;
  const overhead = profile.overheadPerHour ? ` + ${formatMoney(Number(profile.overheadPerHour))} overhead` : '';
  return `Crew hour ${formatMoney(Number(profile.laborRate))}${overhead} · target margin ${Number(profile.targetMarginPercent)} %${salt}`;
}

/**
 * Settings › Company › Costing (issue 24), folded like Email: what a crew hour costs, the
 * margin estimates aim for, and the salt rate snow sites are compared with (issue 41). Its form mounts only when opened (the Company card's Save stays the page's one Save).
 */
export function CompanyCostingCard({ profile, onSaved }: { profile: CompanyProfile; onSaved: () => void }) {
  return (
    <Accordion slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="company-costing-content" id="company-costing-header">
        <Typography component="span" sx={{ fontWeight: 500, mr: 2 }}>
          Costing
        </Typography>
        <Typography component="span" color="text.secondary">
          {costingSummary(profile)}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="company-costing-content">
        {isSaved(profile) ? (
          <CompanyCostingForm profile={profile} onSaved={onSaved} />
        ) : (
          <Typography color="text.secondary">Save the company details first; the costing goes with them.</Typography>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
