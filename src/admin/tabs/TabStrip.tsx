import type { ComponentType } from 'react';
import { Box, Tab, Tabs, type SxProps } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { tabKey } from './tabKey';

export interface StripTab<P> {
  label: string;
  Panel: ComponentType<P>;
}

interface TabStripProps<P> {
  /** The strip's accessible name ("Customer tabs"). */
  name: string;
  /** The prefix of its tabs' and panels' element ids ("customer" → customer-tab-0). */
  idPrefix: string;
  tabs: readonly StripTab<P>[];
  /** What each panel is given. */
  panelProps: P;
  panelSx?: SxProps;
}

/**
 * A tab strip whose chosen tab is in the page's address (`?tab=sites`), so that a reload, the
 * Back button or a link keeps it (issue 35). The first tab is the address without `?tab`;
 * an unknown key opens the first. Only the chosen panel is mounted.
 */
export function TabStrip<P extends object>({ name, idPrefix, tabs, panelProps, panelSx }: TabStripProps<P>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get('tab');
  const active = Math.max(
    0,
    tabs.findIndex((tab) => tabKey(tab.label) === wanted),
  );
  const choose = (index: number) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (index === 0) next.delete('tab');
        else next.set('tab', tabKey(tabs[index].label));
        return next;
      },
      // Pushed, not replaced: Back returns to the tab before; the page keeps its scroll.
      { preventScrollReset: true },
    );
  const { Panel } = tabs[active];
  return (
    <>
      <Tabs value={active} onChange={(_, index: number) => choose(index)} aria-label={name}>
        {tabs.map((tab, index) => (
          <Tab key={tab.label} label={tab.label} id={`${idPrefix}-tab-${index}`} aria-controls={`${idPrefix}-tabpanel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${idPrefix}-tabpanel-${active}`} aria-labelledby={`${idPrefix}-tab-${active}`} sx={panelSx}>
        <Panel {...panelProps} />
      </Box>
    </>
  );
}
