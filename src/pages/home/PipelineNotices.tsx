import { Alert, Badge, Button, Link, List, ListItem, ListItemText } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Link as RouterLink } from 'react-router-dom';
import { shownInstant } from '../../domain/officeDate';
import { useApiAction } from '../../admin/actions/useApiAction';
import { useReportFailure } from '../../admin/alerts/useReportFailure';
import { estimatePath } from '../../resources/estimates/estimatePaths';
import { useNotices } from '../../notices/useNotices';

/** The pipeline's badge (issue 39): how many clients' answers the signed-in user has not seen. */
export function PipelineNoticeBadge() {
  const { data } = useNotices();
  const unseen = data?.unseen ?? 0;
  if (!unseen) return null;
  return (
    <Badge badgeContent={unseen} color="secondary" sx={{ mt: 2, mr: 1 }}>
      <NotificationsIcon color="action" titleAccess={`${unseen} new ${unseen === 1 ? 'answer' : 'answers'} from clients`} />
    </Badge>
  );
}

/** The clients' answers the signed-in user has not seen yet, each to its estimate, until marked seen. */
export function PipelineNotices() {
  const { data } = useNotices();
  const markSeen = useApiAction('markNoticesSeen');
  const reportFailure = useReportFailure();
  if (!data?.notices.length) return null;
  const ids = data.notices.map((notice) => notice.id);
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      role="region"
      aria-label="New answers from clients"
      action={
        <Button
          color="inherit"
          size="small"
          loading={markSeen.isPending}
          onClick={() => markSeen.mutate([{ ids }], { onError: (error) => reportFailure(error) })}
        >
          Mark as seen
        </Button>
      }
    >
      <List dense disablePadding>
        {data.notices.map((notice) => (
          <ListItem key={notice.id} disableGutters>
            <ListItemText
              primary={
                <Link component={RouterLink} to={estimatePath(notice.estimateID)}>
                  {notice.text}
                </Link>
              }
              secondary={shownInstant(notice.createdAt)}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
