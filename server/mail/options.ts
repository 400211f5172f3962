import type { MailEnvironment } from './mailSettings';

/** How the server sends mail (AppDeps.mail). */
export interface MailOptions extends MailEnvironment {
  /** PUBLIC_URL: the address clients reach the server at, for links in mail (default: the request's origin). */
  publicUrl?: string;
  /** Deliver queued mail on a timer and right after queuing (the server: true; tests call deliverPending()). */
  worker?: boolean;
  /** How often the worker looks for mail queued by other servers or left behind (ms). */
  pollMs?: number;
  /** Connection, greeting and socket timeouts of the SMTP conversation (ms, default 10 s). */
  timeoutMs?: number;
}
