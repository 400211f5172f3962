/**
 * An import's upload as the browser sends it (issues 25 and 36): the file as base64 text, a
 * data: URL prefix and whitespace allowed. Checked the same in the SPA and on the server before
 * anything is stored; the bytes themselves are read by the import's job. Pure.
 */
import { IMPORT_MAX_BYTES } from './targets';

export const importUploadMessages = {
  contentRequired: 'The file content is required (base64).',
  notBase64: 'The file content is not valid base64.',
  empty: 'The file is empty.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
} as const;

/** The base64 text of an upload's content: without its data: prefix and whitespace. */
export const uploadBase64 = (content: string) => content.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');

/** Why an upload's content cannot be taken, or null: not text, not base64, empty, or beyond the size limit. */
export function uploadContentError(content: unknown): string | null {
  if (typeof content !== 'string' || content.trim() === '') return importUploadMessages.contentRequired;
  const base64 = uploadBase64(content);
  if (base64.length > Math.ceil(IMPORT_MAX_BYTES / 3) * 4) return importUploadMessages.tooLarge;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) return importUploadMessages.notBase64;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const size = Math.floor((base64.length * 3) / 4) - padding;
  if (size <= 0) return importUploadMessages.empty;
  if (size > IMPORT_MAX_BYTES) return importUploadMessages.tooLarge;
  return null;
}
