import type { FastifyInstance } from 'fastify';
import './hooks';
import { calculationRoutes } from './catalogue/routes';
import { termsConditionOrderRoutes } from './termsConditions/orderRoutes';
import { siteServiceRoutes } from './sites/serviceRoutes';
import { addressSearchRoutes } from './address/routes';
import { estimateRoutes } from './estimates/routes';
import { workAreaRoutes } from './estimates/workAreaRoutes';
import { estimateTemplateRoutes } from './estimates/templateRoutes';
import { estimateCopyRoutes } from './estimates/copyRoutes';
import { estimateRevisionRoutes } from './estimates/revisionRoutes';
import { estimateProfitabilityRoutes } from './estimates/profitabilityRoutes';
import { demoDataRoutes } from './demo/routes';
import { uniqueColumnValueRoutes } from './crud/uniqueColumnValues';
import { insightRoutes } from './insights/routes';
import { marginInsightRoutes } from './insights/marginRoutes';
import { operationRoutes } from './operations/routes';
import { contactsExportRoutes } from './contacts/exportRoutes';
import { userAccountRoutes } from './auth/userAccountRoutes';
import { userDetailsRoutes } from './auth/userDetailsRoutes';
import { companyRoutes } from './company/routes';
import { documentRoutes } from './estimates/printRoutes';
import { companyMailRoutes } from './company/mailRoutes';
import { proposalRoutes } from './proposals/officeRoutes';
import { publicProposalRoutes } from './proposals/publicRoutes';
import { importRoutes } from './imports/routes';
import { mailOutboxRoutes } from './company/mailOutboxRoutes';
import { jobRoutes } from './jobs/routes';
import { customFieldRoutes } from './customFields/routes';
import { followUpRoutes } from './followUps/routes';
import { noticeRoutes } from './notices/routes';
import { lostReasonRoutes } from './lostReasons/routes';
import { agreementRoutes } from './agreements/routes';
import { billingRoutes } from './billing/routes';
import { snowRoutes } from './snow/routes';
import { photoRoutes } from './photos/routes';
import { sitePlanRoutes } from './sitePlans/routes';

/**
 * The features: each one's bespoke endpoints beyond the generated CRUD (pricing, templates,
 * clone, insights, operations, lookups…), one register line per routes file; importing this list
 * registers every feature's entity hooks (./hooks.ts) before any route is built.
 */
export async function featureRoutes(api: FastifyInstance): Promise<void> {
  await api.register(calculationRoutes);
  await api.register(termsConditionOrderRoutes);
  await api.register(siteServiceRoutes);
  await api.register(addressSearchRoutes);
  await api.register(estimateRoutes);
  await api.register(workAreaRoutes);
  await api.register(estimateTemplateRoutes);
  await api.register(estimateCopyRoutes);
  await api.register(estimateRevisionRoutes);
  await api.register(estimateProfitabilityRoutes);
  await api.register(demoDataRoutes);
  await api.register(uniqueColumnValueRoutes);
  await api.register(insightRoutes);
  await api.register(marginInsightRoutes);
  await api.register(operationRoutes);
  await api.register(contactsExportRoutes);
  await api.register(userAccountRoutes);
  await api.register(userDetailsRoutes);
  await api.register(companyRoutes);
  await api.register(documentRoutes);
  await api.register(companyMailRoutes);
  await api.register(proposalRoutes);
  await api.register(followUpRoutes);
  await api.register(noticeRoutes);
  await api.register(lostReasonRoutes);
  await api.register(agreementRoutes);
  await api.register(billingRoutes);
  await api.register(snowRoutes);
  await api.register(photoRoutes);
  await api.register(sitePlanRoutes);
  await api.register(publicProposalRoutes);
  await api.register(importRoutes);
  await api.register(mailOutboxRoutes);
  await api.register(customFieldRoutes);
  await api.register(jobRoutes);
}
