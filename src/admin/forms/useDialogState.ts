import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-admin';

/**
 * Open/closed state of a modal that closes itself when the user leaves the screen (SPEC §4),
 * including moves between two records of the same screen, where nothing unmounts.
 */
export function useDialogState<T = true>() {
  const [value, setValue] = useState<T | null>(null);
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);

  useEffect(() => {
    if (pathname !== openedAt.current) {
      openedAt.current = pathname;
      setValue(null);
    }
  }, [pathname]);

  const open = useCallback((payload: T) => {
    setValue(payload);
  }, []);
  const close = useCallback(() => setValue(null), []);

  return { isOpen: value !== null, value, open, close };
}
