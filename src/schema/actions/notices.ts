/** What the office is told (issue 39): a client's answers, kept for the estimate's salesperson until seen. */
import { z } from 'zod';
import { idList } from './fields';
import { defineAction } from './defineAction';

/** The signed-in user's notices: Home's pipeline badge and the notifications. */
export const NOTICES_QUERY = 'notices';
/** The most notices one call marks as seen. */
export const MAX_SEEN_AT_ONCE = 200;

export const noticeSchema = z.object({
  id: z.number().int(),
  proposalID: z.number().int(),
  estimateID: z.number().int(),
  kind: z.enum(['accepted', 'declined', 'changesRequested']),
  text: z.string(),
  createdAt: z.string(),
});
export type OfficeNotice = z.infer<typeof noticeSchema>;

export const markNoticesSeen = defineAction({
  name: 'markNoticesSeen',
  method: 'POST',
  path: '/notices/seen',
  access: 'user',
  tag: 'Notices',
  summary: 'Mark notices as seen',
  description: 'Only the signed-in user’s own notices are marked; ids of others are left alone.',
  body: z.object({
    ids: idList(
      {
        invalid: 'Ids must be a list of notice ids.',
        tooMany: `At most ${MAX_SEEN_AT_ONCE} notices at once.`,
        repeated: 'A notice is listed more than once.',
      },
      MAX_SEEN_AT_ONCE,
    ),
  }),
  status: 200,
  answer: z.object({ seen: z.number().int().min(0) }),
  invalidates: [NOTICES_QUERY],
});
