import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content" (WCAG 2.4.1 "Bypass Blocks"): the first stop of the Tab order, shown only
 * when focused, it moves focus past the navigation to the page itself.
 */
export function SkipLink() {
  const skip = (event: MouseEvent) => {
    // Not a hash navigation: the router would take it for a route change.
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    const target = main?.querySelector<HTMLElement>('h1[tabindex]') ?? main;
    target?.focus();
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={{
        position: 'absolute',
        left: 8,
        top: -100,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        bgcolor: 'background.paper',
        color: 'primary.dark',
        px: 2,
        py: 1,
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Link>
  );
}
