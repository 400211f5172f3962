import { useId, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { useRevealPending } from './RevealInOrder';

interface HomeCardProps<T> {
  /** The card's h2, which names its region. */
  title: string;
  /** Beside the title, e.g. Hide. */
  action?: ReactNode;
  /** What the card shows, as its query gives it. */
  query: { data?: T; isPending: boolean; error: unknown };
  /** Shown while the query runs (a bar, or a skeleton of the same size as what comes). */
  loading: ReactNode;
  /** Shown when the query fails, e.g. 'The proposals could not be loaded.' */
  failure: string;
  children: (data: T) => ReactNode;
}

/** A card of Home (SPEC §2 "Home"): a region named by its h2, then what its query loads, its bar or its failure. */
export function HomeCard<T>({ title, action, query, loading, failure, children }: HomeCardProps<T>) {
  const headingId = useId();
  const { data, isPending, error } = query;
  useRevealPending(isPending);
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardHeader
        title={title}
        action={action}
        slotProps={{ title: { variant: 'h6', component: 'h2', id: headingId } }}
        sx={{ pb: 0, px: { xs: 1.5, sm: 2 } }}
      />
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        {isPending ? loading : error || data === undefined ? <Typography color="error">{failure}</Typography> : children(data)}
      </CardContent>
    </Card>
  );
}
