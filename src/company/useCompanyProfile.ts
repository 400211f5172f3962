import { useApiGet } from '../providers/useApiGet';
import { useDataProvider, useNotify } from 'react-admin';
import { useFormSubmit } from '../admin/forms/useFormSubmit';
import type { YardstickDataProvider } from '../providers/dataProvider';

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
  /** Costing (issue 24): what a crew hour costs, the overhead it recovers, the margin aimed for. */
  laborRate: number | string | null;
  overheadPerHour: number | string | null;
  targetMarginPercent: number | string;
  /** Issue 41: de-icer meant per event, lb per 1,000 ft² (null: not set). */
  saltRate?: number | string | null;
  /** Issue 39: the office's days (Valid until, reminders, expiry) are counted in it. */
  timeZone: string;
  logo: CompanyLogoInfo | null;
}

export const COMPANY_QUERY_KEY = ['companyProfile'];

export const useCompanyProfile = () => useApiGet<CompanyProfile>(COMPANY_QUERY_KEY, '/company');

/**
 * Saves the company profile's form (PUT /api/company) at the version it was read at: says
 * `savedMessage` and calls `onSaved`, or answers the field messages of a refusal (the failed
 * call was reported with its alert).
 */
export function useSaveCompanyProfile(profile: Pick<CompanyProfile, 'version'>, savedMessage: string, onSaved: () => void) {
  const notify = useNotify();
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useFormSubmit(async (values) => {
    await dataProvider.request('PUT', '/company', { body: { ...values, version: profile.version } });
    notify(savedMessage, { type: 'success' });
    onSaved();
  });
}
