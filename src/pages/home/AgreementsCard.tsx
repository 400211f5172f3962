import { Box, Link, Typography } from '@mui/material';
import LinearProgress from '@mui/material/LinearProgress';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../domain/money';
import { useApiGet } from '../../providers/useApiGet';
import { AGREEMENT_QUERY } from '../../schema/actions/agreements';
import { AGREEMENT_OVER_BUDGET } from '../../schema/agreements';
import { HomeCard } from './HomeCard';

interface AgreementSummary {
  season: { from: string; to: string };
  agreements: number;
  revenue: number;
  billed: number;
  remaining: number;
  week: { from: string; to: string; planned: number; done: number };
  overBudget: number;
}

const overBudgetList = `/agreements?filter=${encodeURIComponent(JSON.stringify({ [AGREEMENT_OVER_BUDGET]: 'true' }))}`;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Box>
  );
}

/** Home's agreements (issue 40): revenue under agreement this season, billed and remaining; this week's visits; those over budget. */
export function AgreementsCard() {
  const query = useApiGet<AgreementSummary>([AGREEMENT_QUERY, 'summary'], '/agreements/summary');
  return (
    <HomeCard
      title="Agreements"
      query={query}
      loading={<LinearProgress aria-label="Loading agreements" />}
      failure="The agreements could not be loaded."
    >
      {(summary) => (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, gap: 2 }}>
          <Figure
            label={`Under agreement ${summary.season.from.slice(0, 4)} (${summary.agreements})`}
            value={formatMoney(summary.revenue)}
          />
          <Figure label="Billed to date" value={formatMoney(summary.billed)} />
          <Figure label="Remaining" value={formatMoney(summary.remaining)} />
          <Box>
            <Typography variant="body2" color="text.secondary">
              Visits this week
            </Typography>
            <Typography variant="h6" component="p">
              <Link component={RouterLink} to="/schedule">
                {summary.week.done} of {summary.week.planned} done
              </Link>
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              Over budget
            </Typography>
            <Typography variant="h6" component="p">
              <Link component={RouterLink} to={overBudgetList}>
                {summary.overBudget} {summary.overBudget === 1 ? 'agreement' : 'agreements'}
              </Link>
            </Typography>
          </Box>
        </Box>
      )}
    </HomeCard>
  );
}
