/** Registry of every declared action: one line per file of this folder. */
import * as account from './account';
import * as agreements from './agreements';
import * as billing from './billing';
import * as companyMail from './companyMail';
import * as customFields from './customFields';
import * as demoData from './demoData';
import * as estimateCopies from './estimateCopies';
import * as estimateRevisions from './estimateRevisions';
import * as estimateTemplates from './estimateTemplates';
import * as followUps from './followUps';
import * as imports from './imports';
import * as jobs from './jobs';
import * as lostReasons from './lostReasons';
import * as mailOutbox from './mailOutbox';
import * as notices from './notices';
import * as photos from './photos';
import * as priceRules from './priceRules';
import * as proposals from './proposals';
import * as publicProposals from './publicProposals';
import * as sitePlans from './sitePlans';
import * as snow from './snow';
import * as termsConditions from './termsConditions';
import * as userAccounts from './userAccounts';
import * as workAreas from './workAreas';
import type { ActionDefinition } from './defineAction';

const declared = {
  ...pick(account),
  ...pick(agreements),
  ...pick(billing),
  ...pick(companyMail),
  ...pick(customFields),
  ...pick(demoData),
  ...pick(estimateCopies),
  ...pick(estimateRevisions),
  ...pick(estimateTemplates),
  ...pick(followUps),
  ...pick(imports),
  ...pick(jobs),
  ...pick(lostReasons),
  ...pick(mailOutbox),
  ...pick(notices),
  ...pick(photos),
  ...pick(priceRules),
  ...pick(proposals),
  ...pick(publicProposals),
  ...pick(sitePlans),
  ...pick(snow),
  ...pick(termsConditions),
  ...pick(userAccounts),
  ...pick(workAreas),
};

/** Each export of a file that is an action, by its client method's name. */
function pick<Module extends Record<string, unknown>>(module: Module) {
  type Actions = { [K in keyof Module as Module[K] extends ActionDefinition ? K : never]: Module[K] };
  return Object.fromEntries(Object.entries(module).filter(([, value]) => isAction(value))) as Actions;
}

function isAction(value: unknown): value is ActionDefinition {
  return typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'invalidates' in value;
}

export const actions = declared;
export type Actions = typeof actions;
export type ActionName = keyof Actions;
export const actionList: ActionDefinition[] = Object.values(actions);
