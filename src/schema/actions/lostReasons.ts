/** Lost reasons (issue 39): Settings › Company › Lost reasons, the list an estimate's loss is explained from. */
import { z } from 'zod';
import { LOST_REASON_MAX, lostReasonMessages, MAX_LOST_REASONS, repeatedLostReason, type LostReason } from '../../domain/lostReasons';
import { INT4_MAX } from '../validate';
import { defineAction } from './defineAction';
import { flag, requiredText } from './fields';

/** Settings › Company › Lost reasons, read by the form, the estimate's status input and the bulk status. */
export const LOST_REASONS_QUERY = 'lostReasons';

const lostReason = z.object(
  {
    name: requiredText('Reason', { max: LOST_REASON_MAX, oneLine: true }),
    officeOnly: flag('Office only', false),
  },
  { error: lostReasonMessages.reasons },
) satisfies z.ZodType<LostReason>;

/** Each reason checked in its place; a problem is reported on the list, naming the reason's position. */
const lostReasonList = z
  .array(z.unknown(), { error: lostReasonMessages.reasons })
  .min(1, { error: lostReasonMessages.empty })
  .max(MAX_LOST_REASONS, { error: lostReasonMessages.tooMany })
  .transform((given, context): LostReason[] => {
    const reasons: LostReason[] = [];
    for (const [index, item] of given.entries()) {
      const checked = lostReason.safeParse(item);
      if (!checked.success) {
        context.addIssue({ code: 'custom', message: `Reason ${index + 1}: ${checked.error.issues[0].message}` });
        return z.NEVER;
      }
      reasons.push(checked.data);
    }
    const repeated = repeatedLostReason(reasons.map((reason) => reason.name));
    if (repeated === undefined) return reasons;
    context.addIssue({ code: 'custom', message: lostReasonMessages.repeated(repeated) });
    return z.NEVER;
  });

const version = z
  .number({ error: lostReasonMessages.version })
  .int({ error: lostReasonMessages.version })
  .min(0, { error: lostReasonMessages.version })
  .max(INT4_MAX, { error: lostReasonMessages.version });

export const lostReasonsAnswer = z
  .object({
    reasons: z.array(z.object({ name: z.string(), officeOnly: z.boolean() })),
    version: z.number().int().min(0).describe('0 until they are first saved (the defaults apply).'),
  })
  .describe(
    'Why estimates are lost: the office picks one when marking an estimate Estimate Lost; the client’s decline offers those not `officeOnly`.',
  );

export const saveLostReasons = defineAction({
  name: 'saveLostReasons',
  method: 'PUT',
  path: '/company/lostReasons',
  access: 'admin',
  tag: 'Company',
  summary: 'Save the lost reasons',
  description:
    'The whole list, in order, with the version it was read at (0 before the first save). Names are trimmed, required and unique whatever their case. Estimates keep the reason they were given when it is renamed or removed.',
  body: z.object({ reasons: lostReasonList, version }),
  status: 200,
  answer: lostReasonsAnswer,
  errors: [409],
  invalidates: [LOST_REASONS_QUERY],
});
