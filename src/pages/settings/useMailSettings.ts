import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import type { MailSecurity, MailSettings } from '../../schema/mailSettings';

export const MAIL_SECURITY_CHOICES: readonly { id: MailSecurity; name: string }[] = [
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
