import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';

/** GET /api/company/mail (issue 22): how mail leaves, and the proposal templates. The password is never sent back. */
export interface MailSettings {
  /** Where the settings in force come from: SMTP_URL and MAIL_FROM win over Settings. */
  source: 'environment' | 'settings' | 'none';
  configured: boolean;
  host: string | null;
  port: number | null;
  security: 'none' | 'starttls' | 'tls';
  username: string | null;
  passwordSet: boolean;
  fromAddress: string | null;
  subjectTemplate: string;
  messageTemplate: string;
  version: number;
}

export const MAIL_SECURITY_CHOICES = [
  { id: 'starttls', name: 'STARTTLS (port 587)' },
  { id: 'tls', name: 'TLS (port 465)' },
  { id: 'none', name: 'None (port 25)' },
] as const;

export const MAIL_SETTINGS_QUERY_KEY = ['companyMail'];

export function useMailSettings() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useQuery({
    queryKey: MAIL_SETTINGS_QUERY_KEY,
    queryFn: () => dataProvider.request<MailSettings>('GET', '/company/mail'),
  });
}
