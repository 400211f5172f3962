/**
 * The data provider's failed calls, as they happen, for the notification path to report
 * (src/admin/alerts/AlertNotification.tsx turns each into a react-admin notification with
 * the error catalogue's type and text). The providers tell; they show nothing themselves.
 */
import { HttpError } from 'react-admin';

type Listener = (error: HttpError) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with every HttpError a data provider call rejects with; returns the unsubscribe. */
export function onFailedCall(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells the listeners about a rejected call (errors of the SPA's own code are not API failures). */
export function announceFailedCall(error: unknown): void {
  if (!(error instanceof HttpError)) return;
  for (const listener of listeners) listener(error);
}

/** `provider` with every method announcing the HttpError it rejects with, then rejecting as before. */
export function announcingFailures<P extends object>(provider: P): P {
  const wrapped: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(provider)) {
    wrapped[name] =
      typeof member === 'function'
        ? (...args: unknown[]) =>
            Promise.resolve(member.apply(provider, args)).catch((error: unknown) => {
              announceFailedCall(error);
              throw error;
            })
        : member;
  }
  return wrapped as P;
}
