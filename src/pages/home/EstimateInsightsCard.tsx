import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { OFFICE_TIME_ZONE } from '../../domain/constants';
import { everyStatus, recentWindowStart, type EstimateInsightList, type EstimateInsights } from '../../domain/insights';
import { EstimateInsightBlock } from './EstimateInsightBlock';
import { HomeCard } from './HomeCard';
import { useEstimateInsights } from './useInsights';
import { AMOUNT_CHART_SIZE } from './charts/chartSizes';

const sinceFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: OFFICE_TIME_ZONE });

const BLOCKS: { list: EstimateInsightList; title: string; detailed: boolean }[] = [
  { list: 'current', title: 'Current', detailed: false },
  { list: 'last30Days', title: 'Last 30 Days', detailed: true },
  { list: 'allTime', title: 'All Time', detailed: true },
];

/** Card 'Estimate Insights' (SPEC §2 "Home"): Current, Last 30 Days and All Time. */
export function EstimateInsightsCard() {
  return (
    <HomeCard
      title="Estimate Insights"
      query={useEstimateInsights()}
      loading={<InsightsSkeleton />}
      failure="Estimate insights could not be loaded."
    >
      {(data) => (
        <Stack spacing={2} divider={<Divider flexItem />}>
          {BLOCKS.map(({ list, title, detailed }) => (
            <EstimateInsightBlock
              key={list}
              list={list}
              title={title}
              detailed={detailed}
              rows={everyStatus(listOf(data, list))}
              subtitle={list === 'last30Days' ? `since ${sinceFormat.format(recentWindowStart(new Date()))}` : undefined}
            />
          ))}
        </Stack>
      )}
    </HomeCard>
  );
}

function listOf(data: EstimateInsights, list: EstimateInsightList) {
  const rows = data[list];
  return Array.isArray(rows) ? rows : [];
}

function InsightsSkeleton() {
  return (
    <Stack spacing={1} aria-label="Loading estimate insights">
      {[0, 1, 2].map((block) => (
        <Stack key={block} direction="row" spacing={3} alignItems="center">
          <Stack spacing={0.5} sx={{ flex: 1 }}>
            {[0, 1, 2, 3, 4].map((line) => (
              <Skeleton key={line} height={28} />
            ))}
          </Stack>
          <Skeleton variant="circular" width={AMOUNT_CHART_SIZE} height={AMOUNT_CHART_SIZE} />
        </Stack>
      ))}
    </Stack>
  );
}
