/** Bodies and images for the send-and-sign tests (issue 22). */
import { encodePng } from '../../server/company/pngCodec';
import { chunk } from './pngFixtures';
import { officeDate } from '../../src/domain/officeDate';
import type { TestApi } from './testApi';

/** The office's calendar day `days` from the test clock's now. */
export const inDays = (api: TestApi, days: number) => officeDate(new Date(api.clock.now + days * 86_400_000));

export function sendBody(api: TestApi, extra: Record<string, unknown> = {}) {
  return {
    printType: 'WORK_AREA_PRICE_ONLY',
    approval: true,
    tcIDs: [],
    to: ['client@maple.example'],
    cc: ['board@maple.example'],
    subject: 'Your proposal',
    message: 'Dear client,\n\nPlease find our proposal.',
    validUntil: inDays(api, 30),
    ...extra,
  };
}

/** A small drawn signature: a PNG data URL. */
export function signaturePng(): string {
  const width = 60;
  const height = 20;
  const data = new Uint8Array(width * height * 3).fill(255);
  for (let x = 5; x < 55; x += 1) data.set([0, 0, 0], (10 * width + x) * 3);
  return `data:image/png;base64,${encodePng({ width, height, data }).toString('base64')}`;
}

const DATA_URL_PREFIX = 'data:image/png;base64,';

/**
 * The small drawn signature padded with a text chunk to a data URL of exactly `length`
 * characters (base64 without its padding, which the server accepts): the size limit's boundary.
 */
export function signaturePngOfLength(length: number): string {
  const png = Buffer.from(signaturePng().slice(DATA_URL_PREFIX.length), 'base64');
  const chars = length - DATA_URL_PREFIX.length;
  if (chars % 4 === 1) throw new Error(`no base64 text is ${chars} characters long`);
  const bytes = Math.floor((chars * 3) / 4);
  const iend = png.length - 12;
  const padding = chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(bytes - png.length - 12 - 8, 0x61)]));
  const padded = Buffer.concat([png.subarray(0, iend), padding, png.subarray(iend)]);
  const dataUrl = DATA_URL_PREFIX + padded.toString('base64').replace(/=+$/, '');
  if (dataUrl.length !== length) throw new Error(`made ${dataUrl.length} characters, not ${length}`);
  return dataUrl;
}
