import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from './documentTitle';
import { onRouteChange, takeRouteFocus } from './routeFocus';

interface PageHeadingProps {
  children: ReactNode;
  /** The browser tab's name for the screen; defaults to the heading when it is plain text. */
  documentTitle?: string;
  variant?: TypographyProps['variant'];
  sx?: TypographyProps['sx'];
}

/**
 * The one <h1> of a screen: it names the browser tab after the screen and takes the focus when
 * the user arrives by a route change (src/admin/layout/routeFocus.ts).
 */
export function PageHeading({ children, documentTitle, variant = 'h5', sx }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useDocumentTitle(documentTitle ?? (typeof children === 'string' ? children : undefined));
  useEffect(() => {
    const focusIfArrived = () => {
      // preventScroll: /estimates/:id/workAreas scrolls to its panel on its own.
      if (ref.current && takeRouteFocus(pathname)) ref.current.focus({ preventScroll: true });
    };
    focusIfArrived();
    return onRouteChange(focusIfArrived);
  }, [pathname]);
  return (
    <Typography ref={ref} variant={variant} component="h1" tabIndex={-1} sx={{ '&:focus': { outline: 'none' }, ...sx }}>
      {children}
    </Typography>
  );
}
