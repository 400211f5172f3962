import MuiAlert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Fade from '@mui/material/Fade';
import LinearProgress from '@mui/material/LinearProgress';
import { ALERT_CLEAR_AFTER_FADE_MS } from '../../domain/constants';
import { ALERT_TITLES, clearAlert, type AlertType } from './alertStore';
import { useAlertState } from './useAlertState';

const SEVERITY: Record<AlertType, 'error' | 'warning' | 'success'> = {
  ERROR: 'error',
  WARNING: 'warning',
  SUCCESS: 'success',
};

/** The global alert area, top-left above the page (SPEC §2 "Navigation shell"). */
export function AlertArea() {
  const { alert, progress } = useAlertState();
  const percent = progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : 0;
  return (
    // Top-left above the page, in its flow: the alert moves the page down rather than covering
    // its title and buttons. Sticky, so that one raised while scrolled down (saving a line far
    // down an estimate) is seen, over content that is then off the top anyway. Above an open
    // dialog's backdrop too: a form in a modal reports its problems here.
    <Box sx={{ position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.snackbar }}>
      <Collapse in={Boolean(alert || progress)} unmountOnExit>
        <Box sx={{ px: 2, pt: 2, maxWidth: 600 }} data-testid="alert-area">
          {alert && (
            <Fade key={alert.id} in={!alert.fading} appear={false} timeout={ALERT_CLEAR_AFTER_FADE_MS}>
              <MuiAlert severity={SEVERITY[alert.type]} onClose={clearAlert} variant="filled">
                <AlertTitle>{ALERT_TITLES[alert.type]}</AlertTitle>
                {alert.message}
              </MuiAlert>
            </Fade>
          )}
          {progress && (
            <LinearProgress
              // Until the size is known the bar only says that something is moving.
              variant={progress.total > 0 ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-label={`${progress.kind} progress`}
              sx={{ mt: alert ? 1 : 0 }}
            />
          )}
        </Box>
      </Collapse>
    </Box>
  );
}
