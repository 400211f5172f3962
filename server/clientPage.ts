import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where the build puts the client's proposal page (vite.config.ts, the `client` input). */
export const CLIENT_PAGE = join('client', 'index.html');

/**
 * The client's page's Content-Security-Policy: the office's (server/security.ts), tightened
 * for a page that needs less. Scripts and style sheets only from this server, no <style>
 * element; style attributes are allowed only for the alignment and indentation the server's
 * sanitiser keeps in notes and terms (server/richText.ts). Images: this server and data: URLs
 * (the company logo); requests: this server only; no plugins, no frames, nothing from other hosts.
 */
export const CLIENT_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/**
 * `GET /p/:token`: the client's proposal page (issue 22), the same small HTML for every token.
 * Its script reads the token from the address and asks /api/public/proposals/:token, which
 * alone decides whether the token is any good. The page is never cached and never tells
 * another site its address (Referrer-Policy: no-referrer): the token is the proposal's only key.
 * The XSRF-TOKEN cookie its answers echo is set on this response by server/auth/xsrf.ts.
 */
export async function clientPage(app: FastifyInstance, { distDir }: { distDir?: string }): Promise<void> {
  if (!distDir || !existsSync(join(distDir, CLIENT_PAGE))) return;
  const file = join(distDir, CLIENT_PAGE);
  // With a trailing slash too: mail programs and people copying a link sometimes add one.
  const page = async (_request: unknown, reply: FastifyReply) => {
    const html = await readFile(file);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('content-security-policy', CLIENT_PAGE_CSP)
      .send(html);
  };
  app.get('/p/:token', page);
  app.get('/p/:token/', page);
}
