import type { FastifyInstance } from 'fastify';
import { calculationRoutes } from './calculations';
import { termsConditionOrderRoutes } from './termsConditionsOrder';
import { siteServiceRoutes } from './siteServices';
import { addressSearchRoutes } from './addressSearch';
import { estimateRoutes } from './estimates';
import { workAreaRoutes } from './workAreas';
import { estimateTemplateRoutes } from './estimateTemplates';
import { estimateCopyRoutes } from './estimateCopies';
import { estimateRevisionRoutes } from './estimateRevisions';
import { estimateProfitabilityRoutes } from './estimateProfitability';
import { demoDataRoutes } from './demoData';
import { uniqueColumnValueRoutes } from './uniqueColumnValues';
import { insightRoutes } from './insights';
import { marginInsightRoutes } from './marginInsights';
import { operationRoutes } from './operations';
import { contactsExportRoutes } from './contactsExport';
import { userAccountRoutes } from './userAccounts';
import { userDetailsRoutes } from './userDetails';
import { companyRoutes } from './company';
import { documentRoutes } from './documents';
import { companyMailRoutes } from './companyMail';
import { proposalRoutes } from './proposals';
import { publicProposalRoutes } from './publicProposals';
import { importRoutes } from './imports';
import { mailOutboxRoutes } from './mailOutbox';
import { jobRoutes } from '../jobs/routes';

/**
 * Bespoke endpoints beyond the generated CRUD (pricing, templates, clone, insights,
 * operations, lookups…): one register line per file in this folder.
 */
export async function bespokeRoutes(api: FastifyInstance): Promise<void> {
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
  await api.register(publicProposalRoutes);
  await api.register(importRoutes);
  await api.register(mailOutboxRoutes);
  await api.register(jobRoutes);
}
