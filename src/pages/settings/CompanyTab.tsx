import { Grid, LinearProgress, Typography } from '@mui/material';
import { CompanyDetailsForm } from './CompanyDetailsForm';
import { CompanyLogoCard } from './CompanyLogoCard';
import { useCompanyProfile } from '../../company/useCompanyProfile';
import { CompanyMailCard } from './CompanyMailCard';
import { CompanyCostingCard } from './CompanyCostingCard';
import { CompanyFollowUpsCard } from './followUps/CompanyFollowUpsCard';
import { CompanyLostReasonsCard } from './lostReasons/CompanyLostReasonsCard';
import { AdminOnlyNotice } from './AdminOnly';

/** Settings → Company (beyond SPEC): the letterhead of every proposal, its details and its logo; how proposals are emailed; what a crew hour costs. */
export function CompanyTab() {
  const { data: profile, isPending, error, refetch } = useCompanyProfile();
  if (isPending) return <LinearProgress aria-label="Loading" />;
  if (error || !profile) return <Typography color="error">The company profile could not be loaded.</Typography>;
  const reload = () => void refetch();
  return (
    <>
      <AdminOnlyNotice />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <CompanyDetailsForm profile={profile} onSaved={reload} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <CompanyLogoCard profile={profile} onChanged={reload} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <CompanyMailCard />
          <CompanyFollowUpsCard />
          <CompanyLostReasonsCard />
          <CompanyCostingCard profile={profile} onSaved={reload} />
        </Grid>
      </Grid>
    </>
  );
}
