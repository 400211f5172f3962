import { eq } from 'drizzle-orm';
import { estimateLabel } from '../../src/domain/estimates';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { officeNotices } from '../db/tables/notices';
import { replyAddress } from '../company/replyTo';
import type { QueuedMail } from '../mail/outbox';
import { noticeMail } from './proposalMail';
import type { ProposalSnapshot } from './snapshot';
import type { ProposalRow } from './publicView';

/** How the office reads a client's answer: accepted, declined, or asked for changes to. */
export const ANSWER_WORDS = { accepted: 'accepted', declined: 'declined', changesRequested: 'asked for changes to' } as const;
export type AnswerKind = keyof typeof ANSWER_WORDS;

/**
 * A client answered (issue 39): the estimate's salesperson is told — a notice kept for them (Home
 * and a notification on their next look) and a mail to their email, else the company's — in the
 * transaction of the answer. Answers the mail to queue (none without an address).
 */
export async function tellOffice(
  tx: Db,
  row: ProposalRow,
  kind: AnswerKind,
  message: string | null,
  attachSigned = false,
): Promise<QueuedMail[]> {
  const snapshot = row.snapshot as ProposalSnapshot;
  const what = ANSWER_WORDS[kind];
  const estimates = tables.estimates;
  const [estimate] = await tx.select({ salesperson: estimates.salesperson }).from(estimates).where(eq(estimates.id, row.estimateID));
  const salesperson = estimate?.salesperson as number | null | undefined;
  if (typeof salesperson === 'number') {
    const label = estimateLabel(snapshot.data.estimate.number, row.revision);
    const text = `${snapshot.data.customer.name} ${what} proposal ${label} (${snapshot.data.estimate.projectName}).`.slice(0, 400);
    await tx.insert(officeNotices).values({ userID: salesperson, proposalID: row.id, kind, text });
  }
  const to = await replyAddress(tx, row.estimateID);
  if (!to) return [];
  return [
    noticeMail({
      proposalID: row.id,
      snapshot,
      to,
      revision: row.revision,
      validUntil: row.validUntil,
      what,
      message,
      attachSigned,
    }),
  ];
}
