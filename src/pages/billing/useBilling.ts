import type { z } from 'zod';
import { useApiGet } from '../../providers/useApiGet';
import { BILLING_QUERY } from '../../schema/actions/agreements';
import { BILLING_EXPORTS_QUERY, type billingExportSchema, type billingLineSchema } from '../../schema/actions/billing';

export type BillingLine = z.output<typeof billingLineSchema>;
export type BillingExport = z.output<typeof billingExportSchema>;

/** GET /api/billing?month=YYYY-MM: the month's billing lines, exported or not. */
export const useMonthBilling = (month: string) =>
  useApiGet<{ lines: BillingLine[] }, BillingLine[]>([BILLING_QUERY, month], `/billing?month=${encodeURIComponent(month)}`, {
    pick: (body) => body.lines,
  });

/** GET /api/billing/exports: every export, newest first. */
export const useBillingExports = () =>
  useApiGet<{ exports: BillingExport[] }, BillingExport[]>([BILLING_EXPORTS_QUERY], '/billing/exports', { pick: (body) => body.exports });
