import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { mailOutbox } from '../db/tables/mail';
import { proposals } from '../db/tables/proposals';
import { conflict, notFound } from '../errors';
import { estimateLabel } from '../../src/domain/estimates';
import { MAIL_KINDS, mailTexts, type FailedMail, type MailKindName } from '../../src/domain/mailDelivery';
import { MAIL_NOT_CONFIGURED, resolveMail, type MailEnvironment } from './mailSettings';
import { enqueueResend } from './outbox';

/** The most failed messages one list answers (the newest). */
export const FAILED_LIST_MAX = 200;

/**
 * GET /api/mail/failed: every message that finally failed (a permanent refusal, or passing ones
 * for six hours), newest first; only those about one estimate when `estimateID` is given.
 */
export async function listFailedMail(db: Db, estimateID?: number): Promise<FailedMail[]> {
  const estimates = tables.estimates;
  const rows = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      proposalID: mailOutbox.proposalID,
      estimateID: proposals.estimateID,
      estimateNumber: estimates.number,
      revision: proposals.revision,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      error: mailOutbox.lastError,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      failedAt: mailOutbox.failedAt,
    })
    .from(mailOutbox)
    .leftJoin(proposals, eq(proposals.id, mailOutbox.proposalID))
    .leftJoin(estimates, eq(estimates.id, proposals.estimateID))
    .where(and(eq(mailOutbox.status, 'failed'), estimateID === undefined ? undefined : eq(proposals.estimateID, estimateID)))
    .orderBy(desc(mailOutbox.id))
    .limit(FAILED_LIST_MAX);
  return rows.map((row) => ({
    id: row.id,
    kind: ((MAIL_KINDS as readonly string[]).includes(row.kind) ? row.kind : 'notice') as MailKindName,
    proposalID: row.proposalID,
    estimateID: row.estimateID ?? null,
    estimateLabel: typeof row.estimateNumber === 'number' ? estimateLabel(row.estimateNumber, row.revision ?? 1) : null,
    to: row.to,
    subject: row.subject,
    error: row.error ?? '',
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    failedAt: row.failedAt?.toISOString() ?? null,
  }));
}

/**
 * POST /api/mail/:id/resend: a failed message queued again as it was (the proposal, the signed
 * copy or a notice, with its attachments), its retries counted afresh. 404 unknown, 409 when it
 * has not failed or mail is not set up.
 */
export async function resendFailedMail(db: Db, id: number, secret: string, env: MailEnvironment): Promise<void> {
  const [row] = await db
    .select({ status: mailOutbox.status, proposalID: mailOutbox.proposalID, kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  if (!row) throw notFound(mailTexts.notFound);
  if (row.status !== 'failed') throw conflict(mailTexts.notFailed);
  if (!(await resolveMail(db, secret, env))) throw conflict(MAIL_NOT_CONFIGURED);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(mailOutbox)
      .set({
        status: 'queued',
        attempts: 0,
        failures: 0,
        firstFailedAt: null,
        nextAttemptAt: null,
        failedAt: null,
        lockedUntil: null,
        lastError: null,
        createdAt: sql`now()`,
      })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
      .returning({ id: mailOutbox.id });
    if (!updated.length) throw conflict(mailTexts.notFailed);
    await enqueueResend(tx, id);
    if (row.proposalID !== null && (row.kind === 'proposal' || row.kind === 'signed')) {
      await tx.update(proposals).set({ deliveryError: null }).where(eq(proposals.id, row.proposalID));
    }
  });
}
