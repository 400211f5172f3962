import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';

export interface CompanyLogoInfo {
  contentType: string;
  size: number;
  updatedAt: string;
}

/** GET /api/company: the letterhead of every proposal (version 0 until it is first saved). */
export interface CompanyProfile {
  id: number;
  version: number;
  name: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  logo: CompanyLogoInfo | null;
}

export const COMPANY_QUERY_KEY = ['companyProfile'];

export function useCompanyProfile() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useQuery({ queryKey: COMPANY_QUERY_KEY, queryFn: () => dataProvider.request<CompanyProfile>('GET', '/company') });
}
