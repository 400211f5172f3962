import type { FastifyReply } from 'fastify';

/**
 * Content-Disposition for a download: a plain ASCII `filename` for every client and the
 * exact name as RFC 5987 `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 5987 allows fewer characters than encodeURIComponent leaves alone.
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** Sends `body` as a file download named `fileName`, never cached (it holds customer data). */
export function sendFile(reply: FastifyReply, body: Buffer | string, fileName: string, contentType: string): FastifyReply {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', contentDisposition(fileName))
    .header('Cache-Control', 'no-store')
    .send(body);
}
