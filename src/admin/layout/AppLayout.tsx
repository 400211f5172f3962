import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { AlertArea } from '../alerts/AlertArea';
import { MobileTopBar } from './MobileTopBar';
import { PageErrorBoundary } from './PageErrorBoundary';
import { SideNavigation } from './SideNavigation';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { noteRouteChange } from './routeFocus';
import { preloadScreens } from '../lazyScreen';
import type { NavigationEntry } from '../generic/navigationEntry';

/**
 * The signed-in shell (SPEC §2): side navigation on desktop, a top bar on phones (below MUI's
 * `sm`, 600px), and the global alert area top-left above the page. The app names the entries.
 */
export function AppLayout({ children, navigation }: { children: ReactNode; navigation: readonly NavigationEntry[] }) {
  const isMobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Signed in: the other screens' code comes now, before the user asks for them.
  useEffect(() => void preloadScreens(), []);
  useFocusHeadingOnRouteChange();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      {!isMobile && <SideNavigation entries={navigation} />}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {isMobile && <MobileTopBar entries={navigation} />}
        <AlertArea />
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, p: { xs: 1, sm: 2 }, outline: 'none' }}>
          <PageErrorBoundary>
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </PageErrorBoundary>
        </Box>
      </Box>
    </Box>
  );
}

/** A new path (not the first one shown, nor a change of its query) sends focus to its heading. */
function useFocusHeadingOnRouteChange(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    noteRouteChange(pathname);
  }, [pathname]);
}
