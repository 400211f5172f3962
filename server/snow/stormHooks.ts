import { calendarDateIn } from '../../src/domain/officeDate';
import { billingDateLabel } from '../../src/domain/billing';
import { registerEntityHooks } from '../crud/entityHooks';
import type { EntityHooks } from '../crud/hookTypes';
import { officeTimeZone } from '../db/officeSettings';
import { isStorableDate } from '../../src/schema/validate';

/** A storm given no name is named by the office day it started: "Storm of Jan 5, 2027". */
export const stormHooks: EntityHooks = {
  async prepareCreate(db, body) {
    if (typeof body.name === 'string' && body.name.trim()) return body;
    const start = typeof body.start === 'string' ? new Date(body.start) : null;
    if (!start || Number.isNaN(start.getTime()) || !isStorableDate(start)) return body;
    return { ...body, name: `Storm of ${billingDateLabel(calendarDateIn(await officeTimeZone(db), start))}` };
  },
};

registerEntityHooks('storms', stormHooks);
