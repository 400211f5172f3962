import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import * as actions from '../../src/schema/actions/notices';
import { registerAction } from '../actions/registerAction';
import { officeNotices } from '../db/tables/notices';
import { proposals } from '../db/tables/proposals';
import type { RouteDoc } from '../openapi/routeDoc';

/** The newest notices one look shows. */
const SHOWN = 50;

const docs = {
  list: {
    tag: actions.markNoticesSeen.tag,
    summary: 'My unseen notices',
    description: "The signed-in user's notices not yet seen, newest first (at most 50), and how many there are.",
    responses: { 200: z.object({ notices: z.array(actions.noticeSchema), unseen: z.number().int().min(0) }) },
  },
} satisfies Record<string, RouteDoc>;

/** The office is told (issue 39): each user's unseen notices of their clients' answers, and marking them seen. */
export async function noticeRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.get('/notices', { config: { openapi: docs.list } }, async (request) => {
    const mine = and(eq(officeNotices.userID, request.user.id), isNull(officeNotices.seenAt));
    const [rows, [{ unseen }]] = await Promise.all([
      db
        .select({
          id: officeNotices.id,
          proposalID: officeNotices.proposalID,
          estimateID: proposals.estimateID,
          kind: officeNotices.kind,
          text: officeNotices.text,
          createdAt: officeNotices.createdAt,
        })
        .from(officeNotices)
        .innerJoin(proposals, eq(proposals.id, officeNotices.proposalID))
        .where(mine)
        .orderBy(desc(officeNotices.createdAt), desc(officeNotices.id))
        .limit(SHOWN),
      db
        .select({ unseen: sql<number>`count(*)::int` })
        .from(officeNotices)
        .where(mine),
    ]);
    return {
      notices: rows.map((row) => ({ ...row, kind: row.kind as actions.OfficeNotice['kind'], createdAt: row.createdAt.toISOString() })),
      unseen: Number(unseen),
    };
  });

  registerAction(api, actions.markNoticesSeen, async ({ body, request }) => {
    if (!body.ids.length) return { seen: 0 };
    const seen = await db
      .update(officeNotices)
      .set({ seenAt: new Date(api.deps.now()) })
      .where(and(eq(officeNotices.userID, request.user.id), inArray(officeNotices.id, body.ids), isNull(officeNotices.seenAt)))
      .returning({ id: officeNotices.id });
    return { seen: seen.length };
  });
}
