import { Children, createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

const SlotContext = createContext<((pending: boolean) => void) | null>(null);

/**
 * Home's cards, shown top to bottom as they load (CLS ≤ 0.05, docs/ARCHITECTURE.md "No layout
 * shift"): a card is shown once every card above it has its data, so whatever a card grows by
 * when its data arrives, nothing under it is on screen yet to be pushed down. Every card is
 * mounted from the start (hidden until its turn), so their requests still go out together.
 */
export function RevealInOrder({ children }: { children: ReactNode }) {
  const slots = Children.toArray(children);
  const [pending, setPending] = useState<boolean[]>(() => slots.map(() => true));
  const reporters = useMemo(
    () =>
      slots.map(
        (_, index) => (isPending: boolean) =>
          setPending((before) => (before[index] === isPending ? before : before.map((value, i) => (i === index ? isPending : value)))),
      ),
    [slots.length], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const firstPending = pending.indexOf(true);
  // A column with gaps, not margins: a card that shows nothing (Getting started, done) leaves no gap.
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {slots.map((slot, index) => (
        <Box key={index} sx={{ '&:empty': { display: 'none' }, ...(firstPending >= 0 && index > firstPending && { display: 'none' }) }}>
          <SlotContext.Provider value={reporters[index]}>{slot}</SlotContext.Provider>
        </Box>
      ))}
    </Box>
  );
}

/** A card of RevealInOrder says whether it is still loading (outside one, this does nothing). */
export function useRevealPending(isPending: boolean): void {
  const report = useContext(SlotContext);
  const stable = useCallback((value: boolean) => report?.(value), [report]);
  useEffect(() => stable(isPending), [stable, isPending]);
}
