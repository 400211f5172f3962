import { MAIL_SETTINGS_QUERY } from '../schema/actions/queryNames';
import { useApiGet } from '../providers/useApiGet';
import type { MailSecurity, MailSettings } from '../schema/mailSettings';

export const MAIL_SECURITY_CHOICES: readonly { id: MailSecurity; name: string }[] = [
  { id: 'starttls', name: 'STARTTLS (port 587)' },
  { id: 'tls', name: 'TLS (port 465)' },
  { id: 'none', name: 'None (port 25)' },
] as const;

export const MAIL_SETTINGS_QUERY_KEY = [MAIL_SETTINGS_QUERY];

export const useMailSettings = () => useApiGet<MailSettings>(MAIL_SETTINGS_QUERY_KEY, '/company/mail');
