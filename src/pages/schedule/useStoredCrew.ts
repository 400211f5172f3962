import { useCallback, useState } from 'react';

/** Where the Today list keeps its crew, on this device. */
export const TODAY_CREW_KEY = 'yardstick.schedule.todayCrew';

function readStored(): string {
  try {
    return localStorage.getItem(TODAY_CREW_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The crew the Today list shows ('' for all), remembered in localStorage: a crew lead's phone opens on their crew. */
export function useStoredCrew(): [string, (crew: string) => void] {
  const [crew, setCrew] = useState(readStored);
  const choose = useCallback((next: string) => {
    setCrew(next);
    try {
      if (next) localStorage.setItem(TODAY_CREW_KEY, next);
      else localStorage.removeItem(TODAY_CREW_KEY);
    } catch {
      // Storage refused (private mode): the choice holds for this visit only.
    }
  }, []);
  return [crew, choose];
}
