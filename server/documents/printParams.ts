import {
  DEFAULT_APPROVAL,
  DEFAULT_PRINT_TYPE,
  MAX_TERM_IDS,
  PROPOSAL_TYPES,
  isProposalType,
  type ProposalType,
} from '../../src/domain/printing';
import { badRequest } from '../errors';

export interface ProposalRequest {
  type: ProposalType;
  approval: boolean;
  /** Term ids in the order they are to be printed. */
  termIDs: number[];
}

const MAX_ID = 2 ** 31 - 1;

const TCIDS_FORMAT = 'tcIDs must be a JSON array of term & condition ids, e.g. [1,4].';

/** A query value given once (a repeated parameter arrives as an array). */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be given once.`);
  return value;
}

function printTypeOf(raw: string | undefined): ProposalType {
  if (raw === undefined || raw === '') return DEFAULT_PRINT_TYPE as ProposalType;
  if (isProposalType(raw)) return raw;
  if (raw === 'MATERIALS') throw badRequest('The materials list is printed by GET /api/estimates/:id/generateMaterialsPDF.');
  throw badRequest(`Unknown printType: use ${PROPOSAL_TYPES.join(', ')}.`);
}

function approvalOf(raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return DEFAULT_APPROVAL;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badRequest('approval must be true or false.');
}

function termIDsOf(raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(TCIDS_FORMAT);
  }
  if (!Array.isArray(parsed)) throw badRequest(TCIDS_FORMAT);
  if (parsed.length > MAX_TERM_IDS) throw badRequest(`tcIDs can list at most ${MAX_TERM_IDS} terms & conditions.`);
  if (parsed.some((id) => typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > MAX_ID)) throw badRequest(TCIDS_FORMAT);
  const ids = parsed as number[];
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) throw badRequest(`tcIDs lists term & condition ${repeated} more than once.`);
  return ids;
}

/** The query of GET /api/estimates/:id/generateEstimateProposal (SPEC §7): printType, approval, tcIDs. */
export function parseProposalQuery(query: Record<string, unknown>): ProposalRequest {
  return {
    type: printTypeOf(single(query, 'printType')),
    approval: approvalOf(single(query, 'approval')),
    termIDs: termIDsOf(single(query, 'tcIDs')),
  };
}
