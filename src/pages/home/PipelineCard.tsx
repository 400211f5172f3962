import { useState } from 'react';
import { Box, Grid, LinearProgress, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../domain/money';
import { proposalStageLabels, type Conversion, type StageFigure } from '../../domain/pipeline';
import { HomeCard } from './HomeCard';
import { AwaitingProposals } from './AwaitingProposals';
import { PipelineOutcomes } from './PipelineOutcomes';
import { PipelineNoticeBadge, PipelineNotices } from './PipelineNotices';
import { proposalStageLink } from './estimateListLink';
import { usePipeline } from './usePipeline';

function StageTile({ figure }: { figure: StageFigure }) {
  const label = proposalStageLabels[figure.stage];
  return (
    <Link component={RouterLink} to={proposalStageLink(figure.stage)} underline="none">
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, height: '100%' }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" color="text.primary">
          {figure.count}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatMoney(figure.value)}
        </Typography>
      </Box>
    </Link>
  );
}

const share = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)} %` : '—');

function ConversionLine({ conversion }: { conversion: Conversion }) {
  const { sent, opened, signed, medianDaysToSign } = conversion;
  return (
    <Typography variant="body2" sx={{ mt: 2 }}>
      Last 90 days: {sent} sent → {opened} opened ({share(opened, sent)}) → {signed} signed ({share(signed, sent)})
      {medianDaysToSign !== null && ` · median ${medianDaysToSign} ${medianDaysToSign === 1 ? 'day' : 'days'} to sign`}
    </Typography>
  );
}

/**
 * Home's pipeline (issue 39, in place of "Proposals awaiting an answer", whose rows it keeps):
 * where each estimate's newest proposal stands — each stage a link to the Estimates list
 * filtered that way — how proposals converted in the last 90 days, the period's wins and losses
 * by reason and by salesperson, and the proposals awaiting an answer.
 */
export function PipelineCard() {
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  return (
    <HomeCard
      title="Pipeline"
      action={<PipelineNoticeBadge />}
      query={usePipeline(period)}
      loading={<LinearProgress aria-label="Loading the pipeline" />}
      failure="The pipeline could not be loaded."
    >
      {(pipeline) => (
        <>
          <PipelineNotices />
          <Grid container spacing={1} component="ul" aria-label="Proposals by stage" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {pipeline.stages.map((figure) => (
              <Grid key={figure.stage} size={{ xs: 6, sm: 4, md: 12 / 5 }} component="li">
                <StageTile figure={figure} />
              </Grid>
            ))}
          </Grid>
          <ConversionLine conversion={pipeline.conversion} />
          <PipelineOutcomes outcomes={pipeline.outcomes} onPeriod={setPeriod} />
          <AwaitingProposals />
        </>
      )}
    </HomeCard>
  );
}
