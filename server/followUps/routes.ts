import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as actions from '../../src/schema/actions/followUps';
import { followUpMessages } from '../../src/schema/actions/followUps';
import { isOpenProposal, type ProposalStatus } from '../../src/domain/proposals';
import { registerAction } from '../actions/registerAction';
import { followUpSettings, officeToday, saveFollowUpSettings } from '../db/officeSettings';
import { proposals } from '../db/tables/proposals';
import { conflict, notFound } from '../errors';
import { MAIL_NOT_CONFIGURED, resolveMail } from '../mail/mailSettings';
import type { RouteDoc } from '../openapi/routeDoc';
import { PROPOSAL_NOT_FOUND, shownStatus } from '../proposals/officeProposals';
import { mailReminder } from './reminders';
import './followUpJob';

const docs = {
  get: {
    tag: actions.saveFollowUpSettings.tag,
    summary: 'The follow-up settings',
    responses: { 200: actions.saveFollowUpSettings.answer },
  },
} satisfies Record<string, RouteDoc>;

/** Follow-ups (issue 39): the settings, and a proposal's reminders mailed now, paused or restarted by a new date. */
export async function followUpRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.get('/company/followUps', { config: { openapi: docs.get } }, () => followUpSettings(db));

  registerAction(api, actions.saveFollowUpSettings, async ({ body }) => {
    await saveFollowUpSettings(db, body, followUpMessages.stale);
    return followUpSettings(db);
  });

  /** The proposal, 404 when there is none, 409 when it can no longer be answered (answered, withdrawn or expired). */
  const openProposal = async (id: number) => {
    const [row] = await db
      .select({ status: proposals.status, validUntil: proposals.validUntil })
      .from(proposals)
      .where(eq(proposals.id, id));
    if (!row) throw notFound(PROPOSAL_NOT_FOUND);
    if (!isOpenProposal(shownStatus(row, await officeToday(db, api.deps.now())))) throw conflict(followUpMessages.notOpen);
    return row;
  };

  registerAction(api, actions.remindProposal, async ({ ids }) => {
    await openProposal(ids.id);
    if (!(await resolveMail(db, api.deps.jwtSecret, api.deps.mail ?? {}))) throw conflict(MAIL_NOT_CONFIGURED);
    const today = await officeToday(db, api.deps.now());
    const sent = await mailReminder(db, ids.id, (row) => (isOpenProposal(shownStatus(row, today) as ProposalStatus) ? 'manual' : null), {
      secret: api.deps.jwtSecret,
      publicUrl: api.deps.mail?.publicUrl,
      now: api.deps.now(),
      skipLocked: false,
    });
    if (!sent) throw conflict(followUpMessages.notOpen);
    api.mailer.kick();
    return { id: ids.id };
  });

  registerAction(api, actions.pauseProposalReminders, async ({ ids, body }) => {
    await openProposal(ids.id);
    await db
      .update(proposals)
      .set({ remindersPaused: body.remindersPaused, updatedAt: sql`now()`, version: sql`${proposals.version} + 1` })
      .where(eq(proposals.id, ids.id));
    return { id: ids.id, remindersPaused: body.remindersPaused };
  });

  registerAction(api, actions.extendProposal, async ({ ids, body }) => {
    const [row] = await db.select({ id: proposals.id }).from(proposals).where(eq(proposals.id, ids.id));
    if (!row) throw notFound(PROPOSAL_NOT_FOUND);
    // Open or expired (its status is still sent or viewed): reopened until the new date, its reminders from now.
    const extended = await db
      .update(proposals)
      .set({
        validUntil: body.validUntil,
        remindersFrom: new Date(api.deps.now()),
        updatedAt: sql`now()`,
        version: sql`${proposals.version} + 1`,
      })
      .where(and(eq(proposals.id, ids.id), inArray(proposals.status, ['sent', 'viewed'])))
      .returning({ id: proposals.id });
    if (!extended.length) throw conflict(followUpMessages.notExtendable);
    return { id: ids.id, validUntil: body.validUntil };
  });
}
