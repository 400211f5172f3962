import { officeDate } from '../../src/domain/officeDate';

/** The office's calendar day at `now` (ms). */
export const today = (now: number) => officeDate(new Date(now));
