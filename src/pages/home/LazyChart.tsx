import { Suspense, type ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';

/**
 * Where a lazily loaded chart goes: a placeholder of its size until the charting library has
 * arrived, so the tables show at once and the page does not jump.
 */
export function LazyChart({
  width,
  height,
  circle = false,
  children,
}: {
  width: number | string;
  height: number;
  circle?: boolean;
  children: ReactNode;
}) {
  return (
    <Suspense
      fallback={
        <Skeleton variant={circle ? 'circular' : 'rounded'} width={width} height={height} role="progressbar" aria-label="Loading chart" />
      }
    >
      {children}
    </Suspense>
  );
}
