/**
 * The one global alert (SPEC §4 "Alerts") that AlertArea shows: react-admin's notifications
 * arrive here through AlertNotification (the notification path; failed calls included), and
 * the download progress channel is kept here too. A new alert replaces the previous one and its timers;
 * an alert fades after ALERT_FADE_AFTER_MS and is cleared ALERT_CLEAR_AFTER_FADE_MS later,
 * which also resets the upload progress channel.
 */
import { ALERT_CLEAR_AFTER_FADE_MS, ALERT_FADE_AFTER_MS } from '../../domain/constants';

export type AlertType = 'ERROR' | 'WARNING' | 'SUCCESS';

export const ALERT_TITLES: Record<AlertType, string> = {
  ERROR: 'Error',
  WARNING: 'Warning',
  SUCCESS: 'Success',
};

export interface Alert {
  /** Increases with every alert, so a repeated message still counts as a new alert. */
  id: number;
  type: AlertType;
  message: string;
  /** True once the fade-out has started. */
  fading: boolean;
}

export type ProgressKind = 'Upload' | 'Download';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** What is moving (shown as "Upload progress" or "Download progress"). */
  kind: ProgressKind;
}

export interface AlertState {
  alert: Alert | null;
  progress: UploadProgress | null;
}

let state: AlertState = { alert: null, progress: null };
let lastId = 0;
let fadeTimer: ReturnType<typeof setTimeout> | undefined;
let clearTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setState(next: AlertState): void {
  state = next;
  for (const listener of listeners) listener();
}

function stopTimers(): void {
  clearTimeout(fadeTimer);
  clearTimeout(clearTimer);
  fadeTimer = clearTimer = undefined;
}

export function showAlert(type: AlertType, message: string): void {
  stopTimers();
  const alert: Alert = { id: ++lastId, type, message, fading: false };
  setState({ ...state, alert });
  fadeTimer = setTimeout(() => {
    setState({ ...state, alert: { ...alert, fading: true } });
    clearTimer = setTimeout(clearAlert, ALERT_CLEAR_AFTER_FADE_MS);
  }, ALERT_FADE_AFTER_MS);
}

export const showError = (message: string) => showAlert('ERROR', message);
export const showWarning = (message: string) => showAlert('WARNING', message);
export const showSuccess = (message: string) => showAlert('SUCCESS', message);

/** Removes the alert at once and resets the progress channel. */
export function clearAlert(): void {
  stopTimers();
  setState({ alert: null, progress: null });
}

/**
 * Reports how much of an upload (or a download) has gone (bytes, or any unit shared by both
 * numbers; a total of 0 means not known yet).
 */
export function reportProgress(loaded: number, total: number, kind: ProgressKind = 'Upload'): void {
  if (!Number.isFinite(loaded) || !Number.isFinite(total) || loaded < 0 || total < 0) {
    throw new RangeError(`${kind} progress needs two non-negative numbers, got ${loaded} of ${total}.`);
  }
  setState({ ...state, progress: { loaded: Math.min(loaded, total), total, kind } });
}

/** Ends the progress report of a transfer that is over, leaving any alert as it is. */
export function clearProgress(): void {
  if (state.progress) setState({ ...state, progress: null });
}

export function getAlertState(): AlertState {
  return state;
}

export function subscribeToAlerts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
