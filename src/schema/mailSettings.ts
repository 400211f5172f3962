/** How mail reaches the SMTP server: in clear, upgraded by STARTTLS, or TLS from the start. */
export const MAIL_SECURITIES = ['none', 'starttls', 'tls'] as const;
export type MailSecurity = (typeof MAIL_SECURITIES)[number];

/**
 * GET /api/company/mail (issue 22): how mail leaves, and the proposal templates. The password
 * is never returned, only whether one is kept.
 */
export interface MailSettings {
  /** Where the settings in force come from: SMTP_URL and MAIL_FROM win over Settings. */
  source: 'environment' | 'settings' | 'none';
  configured: boolean;
  host: string | null;
  port: number | null;
  security: MailSecurity;
  username: string | null;
  passwordSet: boolean;
  fromAddress: string | null;
  subjectTemplate: string;
  messageTemplate: string;
  version: number;
}
