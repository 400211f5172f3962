import type { Db } from '../db/connection';
import type { MailEnvironment } from './mailSettings';

/** How the server sends mail (AppDeps.mail). */
export interface MailOptions extends MailEnvironment {
  /** PUBLIC_URL: the address clients reach the server at, for links in mail (default: the request's origin). */
  publicUrl?: string;
  /**
   * Deliver queued mail on its own, as jobs (the server: true); without it, mail goes when
   * `app.mailer.deliverPending()` asks (tests).
   */
  worker?: boolean;
  /** Connection, greeting and socket timeouts of the SMTP conversation (ms, default 10 s). */
  timeoutMs?: number;
}

/** What a mail's job needs to send it: the settings, the server secret, the company's name. */
export interface DeliveryOptions extends MailOptions {
  /** Server secret (opens the stored SMTP password). */
  secret: string;
  /** The name shown with the From address (the company's: server/company/companyProfileStore.ts). */
  fromName: (db: Db) => Promise<string | null>;
  timeoutMs?: number;
}
