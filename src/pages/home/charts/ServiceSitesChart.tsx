import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ServiceInsight } from '../../../domain/insights';
import { SERVICE_X_AXIS_HEIGHT, serviceChartHeight } from './chartSizes';

const sitesLabel = (count: number | null) => (count === 1 ? '1 site' : `${count ?? 0} sites`);

const NAMES_WIDTH = 150;
const MARGIN = { top: 8, right: 16, bottom: 0, left: 0 };
/** Room for the names and some bar. */
const SMALLEST_WIDTH = NAMES_WIDTH + MARGIN.right + 40;

/**
 * The element's laid-out width, followed as it changes. Back on Home from another screen, the
 * chart (its code loaded already) drew once at width 0, before measuring itself: rectangles of
 * negative width, an error in the console each time. Undefined where nothing can measure (no
 * ResizeObserver: a DOM without layout), where the chart measures itself as before.
 */
function useMeasuredWidth(element: HTMLElement | null): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

const canMeasure = () => typeof ResizeObserver !== 'undefined';

/** Sites per service, one horizontal bar each, in the order of the list (most first). */
export default function ServiceSitesChart({ services }: { services: ServiceInsight[] }) {
  const theme = useTheme();
  const most = Math.max(0, ...services.map((s) => s.count));
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const width = useMeasuredWidth(box);
  const height = serviceChartHeight(services.length);
  // Its height is kept while it is measured, so that nothing below it moves.
  const drawn = !canMeasure() || (width !== undefined && width >= SMALLEST_WIDTH);
  return (
    <Box ref={setBox} role="img" aria-label="Sites per service" sx={{ width: '100%', minWidth: 0, height }}>
      {drawn && (
        <BarChart
          layout="horizontal"
          width={width}
          height={height}
          margin={MARGIN}
          hideLegend
          skipAnimation
          borderRadius={4}
          yAxis={[{ scaleType: 'band', data: services.map((s) => s.name), width: NAMES_WIDTH, categoryGapRatio: 0.35 }]}
          // A whole number of sites per tick; an empty chart still gets a 0–1 axis.
          xAxis={[{ tickMinStep: 1, min: 0, max: Math.max(1, most), label: 'Sites', height: SERVICE_X_AXIS_HEIGHT }]}
          series={[{ data: services.map((s) => s.count), color: theme.palette.primary.main, valueFormatter: sitesLabel, label: 'Sites' }]}
          grid={{ vertical: true }}
        />
      )}
    </Box>
  );
}
