/**
 * Lost reasons (issue 39): why an estimate was lost, from a list the office keeps in Settings ›
 * Company. The client's decline offers the reasons that are not `officeOnly`. Pure.
 */
import { ESTIMATE_STATUS } from './estimates';

export interface LostReason {
  name: string;
  /** Internal: offered to the office only, never on the client's page. */
  officeOnly: boolean;
}

export const DEFAULT_LOST_REASONS: readonly LostReason[] = [
  'Price',
  'Timing',
  'Chose another contractor',
  'No response',
  'Scope changed',
  'Other',
].map((name) => ({ name, officeOnly: false }));

export const MAX_LOST_REASONS = 30;
export const LOST_REASON_MAX = 60;
export const LOST_NOTE_MAX = 1000;

/**
 * The estimate's reason when the client declines without choosing one and the decline makes it
 * lost: the client gave no reason (the office can change it afterwards).
 */
export const DECLINED_WITHOUT_REASON = 'No response';

export const lostReasonMessages = {
  required: 'Lost reason is required when the estimate is lost.',
  notListed: 'Choose a lost reason from the list in Settings › Company › Lost reasons.',
  notOffered: 'Choose one of the reasons offered.',
  reasons: `The lost reasons must be a list of at most ${MAX_LOST_REASONS}, each with a name.`,
  tooMany: `At most ${MAX_LOST_REASONS} lost reasons.`,
  empty: 'Keep at least one lost reason.',
  repeated: (name: string) => `The lost reason “${name}” is listed more than once.`,
  version: 'The lost reasons must be sent with their version: reload them and try again.',
  /** Why the list's bulk status change does not offer Estimate Lost. */
  oneAtATime: 'Each lost estimate needs its reason: mark it lost on its own page.',
  stale: 'The lost reasons were changed by someone else since you opened them: reload them and try again.',
} as const;

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en-US') === b.trim().toLocaleLowerCase('en-US');

/** The listed reason of that name (case-insensitively), as listed. */
export const findLostReason = (reasons: readonly LostReason[], name: string): LostReason | undefined =>
  reasons.find((reason) => sameName(reason.name, name));

/** The first name listed twice (case-insensitively), if any. */
export function repeatedLostReason(names: readonly string[]): string | undefined {
  return names.find((name, index) => names.findIndex((other) => sameName(other, name)) !== index);
}

/** What the client's decline may choose from. */
export const clientLostReasons = (reasons: readonly LostReason[]): string[] =>
  reasons.filter((reason) => !reason.officeOnly).map((reason) => reason.name);

type EstimateValues = { status?: unknown; lostReason?: unknown };

const hasReason = (values: EstimateValues) => typeof values.lostReason === 'string' && values.lostReason.trim() !== '';
const isLost = (values: EstimateValues) => values.status === ESTIMATE_STATUS.lost;

/** A lost estimate without a reason: the message the estimate's form shows (it offers only listed reasons). */
export const missingLostReason = (values: EstimateValues): string | null =>
  isLost(values) && !hasReason(values) ? lostReasonMessages.required : null;

/**
 * The lost reason's problem in a write of an estimate, or null. A lost estimate needs a reason;
 * one stored lost without any (before reasons were kept) may be saved as it is until its status
 * or reason changes. A reason that changes must be one of the office's list (as listed, any case);
 * one kept as stored stays even if the list no longer has it.
 */
export function lostReasonProblem(next: EstimateValues, stored: EstimateValues | undefined, reasons: readonly LostReason[]): string | null {
  if (!isLost(next)) return null;
  if (!hasReason(next)) return stored && isLost(stored) && !hasReason(stored) ? null : lostReasonMessages.required;
  if (stored && next.lostReason === stored.lostReason) return null;
  return findLostReason(reasons, next.lostReason as string) ? null : lostReasonMessages.notListed;
}
