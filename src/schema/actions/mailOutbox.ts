/** The outbox seen by the office (issue 35): sending a message that failed again. */
import { z } from 'zod';
import { idSchema } from './answers';
import { defineAction } from './defineAction';
import { FAILED_MAIL_QUERY, PROPOSALS_QUERY } from './queryNames';

export const resendMail = defineAction({
  name: 'resendMail',
  method: 'POST',
  path: '/mail/:id/resend',
  access: 'user',
  tag: 'Mail',
  summary: 'Send a failed message again',
  description:
    'Queues the message again as it was, attachments included; its retries start afresh. 409 when it has not failed or mail is not set up.',
  status: 200,
  answer: z.object({ id: idSchema }),
  errors: [409],
  invalidates: [FAILED_MAIL_QUERY, PROPOSALS_QUERY],
});
