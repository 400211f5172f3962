import { Button, Stack, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import type { Identifier } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { averageSeason } from '../../../../domain/snowHistoryFigures';
import { snowSeasonLabel } from '../../../../domain/snowPricing';
import { SNOW_SOURCE } from './snowDraft';
import { useSnowHistory } from './useSnowHistory';

/** "From past winters": the expected events and inches become the averages of the site's past seasons. */
export function PastWintersButton({ siteId }: { siteId: Identifier | null | undefined }) {
  const { data: history, isPending } = useSnowHistory(siteId);
  const { setValue } = useFormContext();
  const seasons = history?.seasons ?? [];
  const average = averageSeason(seasons);
  const fill = () => {
    if (!average) return;
    setValue(`${SNOW_SOURCE}.expectedEvents`, average.events, { shouldDirty: true });
    setValue(`${SNOW_SOURCE}.expectedInches`, average.inches, { shouldDirty: true });
  };
  const explanation = isPending
    ? ''
    : average
      ? `Averages of ${seasons.length} winter${seasons.length === 1 ? '' : 's'} (${snowSeasonLabel(seasons[0].season)} to ${snowSeasonLabel(seasons[seasons.length - 1].season)}).`
      : 'No past winter on record at this site.';
  return (
    <Stack alignItems="flex-start" sx={{ mb: 1 }}>
      <Button size="small" startIcon={<HistoryIcon />} onClick={fill} disabled={!average}>
        From past winters
      </Button>
      {explanation && (
        <Typography variant="caption" color="text.secondary">
          {explanation}
        </Typography>
      )}
    </Stack>
  );
}
