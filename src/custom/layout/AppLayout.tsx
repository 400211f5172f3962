import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import { AlertArea } from '../alerts/AlertArea';
import { MobileTopBar } from './MobileTopBar';
import { PageErrorBoundary } from './PageErrorBoundary';
import { SideNavigation } from './SideNavigation';
import { preloadScreens } from '../lazyScreen';

/**
 * The signed-in shell (SPEC §2): side navigation on desktop, a top bar on phones (below MUI's
 * `sm`, 600px), and the global alert area top-left above the page.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const isMobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Signed in: the other screens' code comes now, before the user asks for them.
  useEffect(() => void preloadScreens(), []);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {!isMobile && <SideNavigation />}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {isMobile && <MobileTopBar />}
        <AlertArea />
        <Box component="main" id="main-content" sx={{ flexGrow: 1, p: { xs: 1, sm: 2 } }}>
          <PageErrorBoundary>
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </PageErrorBoundary>
        </Box>
      </Box>
    </Box>
  );
}
