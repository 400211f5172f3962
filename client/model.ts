/**
 * What the client's page shows and allows, decided from the proposal alone (no DOM): which
 * areas can be ticked, the figures of a choice, the notice of an answered or closed proposal,
 * and what is still missing before the client can accept.
 */
import { type Pricing } from '../src/domain/pricing';
import { asksForApproval, showsAreaPrices, showsPrices } from '../src/domain/printing';
import { formatMoney } from '../src/domain/money';
import { acceptedPricing, isOpenProposal, type PublicArea, type PublicProposal } from '../src/domain/proposals';
import { formatDate } from './format';

/** The client ticks the areas they accept: Work Area Prices Only, sent asking for approval. */
export function areasAreSelectable(proposal: PublicProposal): boolean {
  return asksForApproval(proposal.printType) && proposal.approval && showsAreaPrices(proposal.printType);
}

/** Whether the client can still answer (the server has the last word when they do). */
export function canAnswer(proposal: PublicProposal): boolean {
  return isOpenProposal(proposal.status) && !proposal.superseded;
}

/** Whether money is shown at all. */
export function showsMoney(proposal: PublicProposal): boolean {
  return showsPrices(proposal.printType) && proposal.pricing !== null;
}

/** Every area's id: what accepting a proposal without checkboxes accepts. */
export const allAreaIDs = (proposal: PublicProposal): number[] => proposal.areas.map((area) => area.id);

/** The areas an answered proposal was accepted with (all of them unless the answer says). */
export function answeredAreaIDs(proposal: PublicProposal): number[] {
  return proposal.response?.acceptedWorkAreaIDs ?? allAreaIDs(proposal);
}

/**
 * The figures of a choice of areas: recomputed with acceptedPricing (SPEC §9, the same function
 * as the server's) when areas carry prices and can be chosen, else the proposal's own totals.
 */
export function pricingOf(proposal: PublicProposal, chosenIDs: readonly number[]): Pricing | null {
  if (!showsMoney(proposal) || !proposal.pricing) return null;
  if (!areasAreSelectable(proposal)) return proposal.pricing;
  return acceptedPricing(proposal.areas, chosenIDs, proposal.pricing.discount);
}

export interface Notice {
  heading: string;
  lines: string[];
}

/** Who to contact: the salesperson, else the company. */
export function contactName(proposal: PublicProposal): string {
  return proposal.salesperson?.name?.trim() || proposal.company.name?.trim() || 'us';
}

const names = (areas: readonly PublicArea[]) => areas.map((area) => area.name).join(', ');

/** What an accepted proposal accepted: the areas (when the client chose), and its total. */
function acceptedLines(proposal: PublicProposal): string[] {
  const ids = answeredAreaIDs(proposal);
  const chosen = new Set(ids);
  const lines: string[] = [];
  if (areasAreSelectable(proposal)) {
    const accepted = proposal.areas.filter((area) => chosen.has(area.id));
    const leftOut = proposal.areas.filter((area) => !chosen.has(area.id));
    if (accepted.length) lines.push(`Work areas accepted: ${names(accepted)}.`);
    if (leftOut.length) lines.push(`Not included: ${names(leftOut)}.`);
  }
  const pricing = pricingOf(proposal, ids);
  if (pricing) lines.push(`Total accepted: ${formatMoney(pricing.total)} (taxes included).`);
  return lines;
}

/** The notice right after the client answered on this page: thanks, and what happens next. */
export function answeredNotice(proposal: PublicProposal): Notice {
  const name = proposal.company.name?.trim();
  // Without a company name, "We": the verb follows it.
  const told = name ? `${name} has been told` : 'We have been told';
  const company = name || 'We';
  const notice = statusNotice(proposal) ?? { heading: '', lines: [] };
  switch (proposal.status) {
    case 'accepted':
      return {
        heading: 'Thank you: you accepted this proposal',
        lines: [...notice.lines, `${told} and will send you a copy of the signed proposal.`],
      };
    case 'declined':
      return { heading: 'Thank you for your answer', lines: [`You declined this proposal. ${told}.`] };
    case 'changesRequested':
      return { heading: 'Your request was sent', lines: [`${company} will be in touch with a revised proposal.`] };
    default:
      return notice;
  }
}

/** The read-only notice of a proposal that can no longer be answered; null while it is open. */
export function statusNotice(proposal: PublicProposal): Notice | null {
  const company = proposal.company.name?.trim() || 'the company that sent it';
  const response = proposal.response;
  const on = response ? ` on ${formatDate(response.at)}` : '';
  if (proposal.superseded) {
    return {
      heading: 'A newer proposal was sent',
      lines: [
        `${company} has sent you a newer version of this proposal, so this one can no longer be answered.`,
        'Please open the link in their most recent email.',
      ],
    };
  }
  switch (proposal.status) {
    case 'sent':
    case 'viewed':
      return null;
    case 'accepted':
      return {
        heading: 'You accepted this proposal',
        lines: [response?.signerName ? `Signed by ${response.signerName}${on}.` : `Accepted${on}.`, ...acceptedLines(proposal)],
      };
    case 'declined':
      return {
        heading: 'You declined this proposal',
        lines: [
          `You declined this proposal${on}.`,
          ...(response?.message ? [`Your reason: “${response.message}”`] : []),
          `If you change your mind, please contact ${company}.`,
        ],
      };
    case 'changesRequested':
      return {
        heading: 'You asked for changes',
        lines: [
          `You asked for changes to this proposal${on}.`,
          ...(response?.message ? [`Your message: “${response.message}”`] : []),
          `${company} will be in touch with a revised proposal.`,
        ],
      };
    case 'expired':
      return {
        heading: 'This proposal has expired',
        lines: [`It was valid until ${formatDate(proposal.validUntil)}.`, `Please contact ${company} for an up-to-date proposal.`],
      };
    case 'withdrawn':
      return {
        heading: 'This proposal was withdrawn',
        lines: [`${company} has withdrawn this proposal.`, `Please contact ${company} if you have any questions.`],
      };
  }
}

export type AcceptField = 'areas' | 'signerName' | 'signature' | 'terms';

export interface AcceptProblem {
  field: AcceptField;
  message: string;
  /** The short form for the hint under the Accept button. */
  todo: string;
}

export const ACCEPT_MESSAGES = {
  areas: 'Tick at least one work area to accept.',
  signerName: 'Enter your full name.',
} as const;

/** The box ticked to accept: the terms when the proposal has some. */
export const TERMS_LABEL = 'I accept the terms and conditions';
export const NO_TERMS_LABEL = 'I accept this proposal';

/** What is missing before accepting, in the order of the form. */
export function acceptProblems(input: {
  selectable: boolean;
  chosenCount: number;
  signerName: string;
  signature: { given: boolean; message: string };
  termsAccepted: boolean;
  termsLabel?: string;
}): AcceptProblem[] {
  const box = input.termsLabel ?? TERMS_LABEL;
  const problems: AcceptProblem[] = [];
  if (input.selectable && input.chosenCount === 0)
    problems.push({ field: 'areas', message: ACCEPT_MESSAGES.areas, todo: 'tick at least one work area' });
  if (!input.signerName.trim()) problems.push({ field: 'signerName', message: ACCEPT_MESSAGES.signerName, todo: 'enter your name' });
  if (!input.signature.given) problems.push({ field: 'signature', message: input.signature.message, todo: 'sign (or type your name)' });
  if (!input.termsAccepted) problems.push({ field: 'terms', message: `Tick “${box}” to accept.`, todo: `tick “${box}”` });
  return problems;
}

/** "To accept, enter your name and sign (or type your name)." — or that all is ready. */
export function acceptHint(problems: readonly AcceptProblem[]): string {
  if (!problems.length) return 'Ready: press Accept proposal to sign.';
  const todos = problems.map((problem) => problem.todo);
  const list = todos.length === 1 ? todos[0] : `${todos.slice(0, -1).join(', ')} and ${todos[todos.length - 1]}`;
  return `To accept, ${list}.`;
}
