import { useSyncExternalStore } from 'react';
import { getAlertState, subscribeToAlerts, type AlertState } from './alertStore';

/** The current alert and upload progress, re-rendering when either changes. */
export function useAlertState(): AlertState {
  return useSyncExternalStore(subscribeToAlerts, getAlertState, getAlertState);
}
