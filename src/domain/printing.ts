/**
 * Printing (SPEC §4 "Printing", §9 "Defaults"): the print types the print modal offers and the
 * server renders, their rules, and the names of the files they produce.
 */

export const PRINT_TYPES = [
  { id: 'TOTAL_PRICE_ONLY', name: 'Total Price Only' },
  { id: 'WORK_AREA_PRICE_ONLY', name: 'Work Area Prices Only' },
  { id: 'WORK_AREA_ONLY', name: 'Work Areas Only, No Prices' },
  { id: 'MATERIALS', name: 'Materials' },
] as const;

export type PrintType = (typeof PRINT_TYPES)[number]['id'];

/** The types printed as a proposal (GET …/generateEstimateProposal); MATERIALS is the materials list. */
export type ProposalType = Exclude<PrintType, 'MATERIALS'>;

export const PROPOSAL_TYPES: readonly ProposalType[] = PRINT_TYPES.map((t) => t.id).filter((id): id is ProposalType => id !== 'MATERIALS');

export const DEFAULT_PRINT_TYPE: PrintType = 'TOTAL_PRICE_ONLY';
/** 'Ask for Approval' starts at Yes. */
export const DEFAULT_APPROVAL = true;

/** More terms than any office keeps; a longer list is not a real request. */
export const MAX_TERM_IDS = 500;

export function isPrintType(value: unknown): value is PrintType {
  return PRINT_TYPES.some((t) => t.id === value);
}

export function isProposalType(value: unknown): value is ProposalType {
  return PROPOSAL_TYPES.includes(value as ProposalType);
}

export function printTypeLabel(type: PrintType): string {
  return PRINT_TYPES.find((t) => t.id === type)?.name ?? type;
}

/** The 'Ask for Approval' question is asked only for Work Area Prices Only. */
export function asksForApproval(type: PrintType): boolean {
  return type === 'WORK_AREA_PRICE_ONLY';
}

/** Terms & Conditions go on every proposal, never on the materials list. */
export function takesTerms(type: PrintType): boolean {
  return type !== 'MATERIALS';
}

/** Whether the proposal shows money at all (area prices, totals). */
export function showsPrices(type: ProposalType): boolean {
  return type !== 'WORK_AREA_ONLY';
}

/** Whether each work area carries its own price. */
export function showsAreaPrices(type: ProposalType): boolean {
  return type === 'WORK_AREA_PRICE_ONLY';
}

const fileNumber = (estimateNumber: unknown) =>
  typeof estimateNumber === 'number' && Number.isSafeInteger(estimateNumber) ? String(estimateNumber) : 'estimate';

export function proposalFileName(estimateNumber: unknown): string {
  return `Proposal-${fileNumber(estimateNumber)}.pdf`;
}

export function materialsFileName(estimateNumber: unknown): string {
  return `Materials-${fileNumber(estimateNumber)}.pdf`;
}

/** The file a print type produces. */
export function printFileName(type: PrintType, estimateNumber: unknown): string {
  return type === 'MATERIALS' ? materialsFileName(estimateNumber) : proposalFileName(estimateNumber);
}
