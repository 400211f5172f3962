import { ESTIMATE_STATUS } from '../../src/domain/estimates';
import { findLostReason, lostReasonProblem } from '../../src/domain/lostReasons';
import type { Db } from '../db/connection';
import { lostReasons } from '../db/officeSettings';
import { formInvalid } from '../errors';

type Row = Record<string, unknown>;

/**
 * The lost reason of an estimate's write (issue 39), once its fields passed their own checks: a
 * write that makes or keeps it lost needs a reason from the office's list (400 naming
 * `lostReason`; src/domain/lostReasons.ts says when). The reason is stored as listed; an estimate
 * that is not lost keeps no reason nor note (leaving Estimate Lost clears them).
 */
export async function lostReasonValues(db: Db, values: Row, existing: Row | undefined): Promise<Row> {
  if (values.status !== ESTIMATE_STATUS.lost) return { lostReason: null, lostNote: null };
  const { reasons } = await lostReasons(db);
  const problem = lostReasonProblem(values, existing, reasons);
  if (problem) throw formInvalid({ lostReason: problem });
  const listed = typeof values.lostReason === 'string' ? findLostReason(reasons, values.lostReason) : undefined;
  return listed && values.lostReason !== existing?.lostReason ? { lostReason: listed.name } : {};
}
