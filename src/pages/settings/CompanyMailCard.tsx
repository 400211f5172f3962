import { LinearProgress, Typography } from '@mui/material';
import { CompanyMailForm } from './CompanyMailForm';
import { useMailSettings } from './useMailSettings';

/** The Email card of Settings › Company, once its settings are read. */
export function CompanyMailCard() {
  const { data, isPending, error } = useMailSettings();
  if (isPending) return <LinearProgress aria-label="Loading email settings" />;
  if (error || !data) return <Typography color="error">The email settings could not be loaded.</Typography>;
  return <CompanyMailForm settings={data} />;
}
